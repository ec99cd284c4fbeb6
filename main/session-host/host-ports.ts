// The session host's ends of its two channels in the desktop (DESIGN §1): main's commands on
// Electron's process.parentPort, and the page's screen on the MessagePort main hands over with
// each page load (utility-host.ts's connectScreen). Electron-free, so its tests run it on real
// MessagePorts (node:worker_threads) shaped as Electron's.
import type { MessagePortMain, ParentPort } from 'electron';
import { toDisposable, type Disposable } from '../core/disposable';
import type { MessageLink } from '../../contracts/service';
import type { HostScreen } from './pane-programs';

/** What the page gets its screen port on, and the host its end (contracts: never a command); main sends it (utility-host.ts). */
export const SCREEN_PORT_MESSAGE = 'screen-port';

/** The parts of MessagePortMain the screen uses. */
export type ScreenPort = Pick<MessagePortMain, 'postMessage' | 'start' | 'close'> & {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
};
/** The parts of process.parentPort the host uses; a message's ports are Electron's MessagePortMain. */
export type ParentChannel = Pick<ParentPort, 'postMessage'> & {
  on(event: 'message', listener: (event: { data: unknown; ports: ScreenPort[] }) => void): unknown;
  removeListener(event: 'message', listener: (event: { data: unknown; ports: ScreenPort[] }) => void): unknown;
};

/** The page's screen over the current MessagePort; what comes before a port waits for it. */
export class PortScreen implements HostScreen {
  private port: ScreenPort | undefined;
  private backlog: unknown[] = [];
  private readonly listeners = new Set<(channel: unknown, args: unknown) => void>();

  /** A page (re)loaded: its port replaces the last one, which is closed. */
  use(port: ScreenPort): void {
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

  onRequest(listener: (channel: unknown, args: unknown) => void): Disposable {
    this.listeners.add(listener);
    return toDisposable(() => this.listeners.delete(listener));
  }
}

/** main's commands (messages without ports) and the screen's ports (SCREEN_PORT_MESSAGE with one) on the parent port. */
export function hostChannels(parentPort: ParentChannel): { parent: MessageLink; screen: PortScreen } {
  const screen = new PortScreen();
  parentPort.on('message', (event) => {
    const [port] = event.ports;
    if (port && (event.data as { type?: unknown } | null)?.type === SCREEN_PORT_MESSAGE) screen.use(port);
  });
  const parent: MessageLink = {
    send: (event) => parentPort.postMessage(event),
    onMessage: (listener) => {
      const forward = (event: { data: unknown; ports: ScreenPort[] }): void => {
        if (event.ports.length === 0) listener(event.data);
      };
      parentPort.on('message', forward);
      return toDisposable(() => parentPort.removeListener('message', forward));
    },
  };
  return { parent, screen };
}
