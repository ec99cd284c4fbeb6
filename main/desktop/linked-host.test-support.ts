// The session host's code in this test process, linked to main's side as the process boundary
// links them: every message crosses as a structured clone in a later turn of the loop, as Node's
// IPC delivers it. The real host process runs in the browser harness specs (e2e/harness).
import { toDisposable, type Disposable } from '../core/disposable';
import type { ScreenChannel } from '../program/screen-feed';
import type { HostProcess } from './session-host-process';
import { PanePrograms } from '../session-host/pane-programs';

type Listener = (message: unknown) => void;

function channel(): { send(message: unknown): void; onMessage(listener: Listener): Disposable } {
  const listeners = new Set<Listener>();
  return {
    send: (message) => {
      const copy = structuredClone(message);
      setImmediate(() => {
        for (const listener of listeners) listener(copy);
      });
    },
    onMessage: (listener) => {
      listeners.add(listener);
      return toDisposable(() => listeners.delete(listener));
    },
  };
}

export interface LinkedHost extends Disposable {
  process: HostProcess;
  /** the page's request to its screen (an ack, the process view), as the page's port sends it */
  screenRequest(channel: string, ...args: unknown[]): void;
}

/** `screen`: where the host's screen events go (the fake page); nothing once it is destroyed, as a closed MessagePort takes nothing. */
export function linkedHost(screen: ScreenChannel & { isDestroyed(): boolean }): LinkedHost {
  const toHost = channel();
  const toMain = channel();
  const requests = new Set<(channel: unknown, args: unknown) => void>();
  const host = new PanePrograms(
    { send: (event) => toMain.send(event), onMessage: (listener) => toHost.onMessage(listener) },
    {
      send: (name, ...args) => {
        if (!screen.isDestroyed()) screen.send(name, ...structuredClone(args));
      },
      onRequest: (listener) => {
        requests.add(listener);
        return toDisposable(() => requests.delete(listener));
      },
    },
  );
  return {
    process: {
      pid: process.pid,
      send: (message) => toHost.send(message),
      onMessage: (listener) => toMain.onMessage(listener),
      onExit: () => toDisposable(() => undefined),
      kill: () => undefined,
    },
    screenRequest: (name, ...args) =>
      setImmediate(() => {
        for (const request of requests) request(name, args);
      }),
    dispose: () => host.dispose(),
  };
}
