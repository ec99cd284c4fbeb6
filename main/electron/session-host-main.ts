// The desktop's session host process (Electron utilityProcess, DESIGN §1): main's commands on
// process.parentPort, the page's screen on the MessagePort main hands over with each page load.
import type { MessagePortMain } from 'electron';
import { toDisposable } from '../core/disposable';
import { parentLog } from '../session/host/host-log';
import { guardSessionHost } from '../session/host/host-guard';
import { SessionHost, type HostParent, type HostScreen } from '../session/host/session-host';
import { SCREEN_PORT_MESSAGE } from './utility-host';

/** The page's screen over the current MessagePort; what comes before a port waits for it. */
class PortScreen implements HostScreen {
  private port: MessagePortMain | undefined;
  private backlog: unknown[] = [];
  private readonly listeners = new Set<(channel: unknown, args: unknown) => void>();

  use(port: MessagePortMain): void {
    this.port?.close();
    this.port = port;
    port.on('message', (event) => {
      const data: unknown = event.data;
      const { channel, args } = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
      for (const listener of this.listeners) listener(channel, args);
    });
    port.start();
    for (const message of this.backlog.splice(0)) port.postMessage(message);
  }

  send(channel: string, ...args: unknown[]): void {
    const message = { channel, args };
    if (this.port) this.port.postMessage(message);
    else this.backlog.push(message);
  }

  onRequest(listener: (channel: unknown, args: unknown) => void) {
    this.listeners.add(listener);
    return toDisposable(() => this.listeners.delete(listener));
  }
}

const parentPort = process.parentPort;
const parent: HostParent = {
  send: (event) => parentPort.postMessage(event),
  onMessage: (listener) => {
    const forward = (event: Electron.MessageEvent): void => {
      if (event.ports.length === 0) listener(event.data);
    };
    parentPort.on('message', forward);
    return toDisposable(() => parentPort.removeListener('message', forward));
  },
};
const screen = new PortScreen();
parentPort.on('message', (event) => {
  const [port] = event.ports;
  if (port && (event.data as { type?: unknown } | null)?.type === SCREEN_PORT_MESSAGE) screen.use(port);
});
guardSessionHost(parentLog(parent));
// lives as long as the process: Electron ends it with the app
export const host = new SessionHost(parent, screen);
