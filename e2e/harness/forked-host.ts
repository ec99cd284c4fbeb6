// The harness's session host process: child_process.fork of the host bundle, in a session of its
// own (detached: setsid), so a signal to the harness's process group never reaches it — as the
// desktop's utilityProcess ignores them (host-guard.ts).
// Its one message of the harness's own, the screen socket's address (what stands in for the
// MessagePort Electron hands over), is taken here: main's SessionHostProcess sees only the host
// contract's messages, as in the desktop.
import { fork } from 'node:child_process';
import { toDisposable } from '../../main/core/disposable';
import type { HostProcess } from '../../main/desktop/session-host-process';

/** The harness host's screen socket, for the page (a WebSocket: fork cannot pass a MessagePort). */
export interface HostScreenAddress {
  port: number;
  token: string;
}

/** What the harness's session host says once its screen socket listens (session-host-main.ts). */
export interface ScreenAnnouncement {
  type: 'harness-screen';
  port: number;
  token: string;
}

function isScreenAnnouncement(message: unknown): message is ScreenAnnouncement {
  const m = message as Partial<ScreenAnnouncement> | null;
  return typeof m === 'object' && m !== null && m.type === 'harness-screen' && typeof m.port === 'number' && typeof m.token === 'string';
}

export interface ForkedHost extends HostProcess {
  /** the host's screen socket, once it listens; never settles for a host that does not say (the caller bounds the wait) */
  readonly screen: Promise<HostScreenAddress>;
}

export function forkSessionHost(script: string, pageOrigin: string): ForkedHost {
  const child = fork(script, [pageOrigin], { detached: true, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' });
  const screen = new Promise<HostScreenAddress>((resolve) => {
    const said = (message: unknown): void => {
      if (!isScreenAnnouncement(message)) return;
      child.off('message', said);
      resolve({ port: message.port, token: message.token });
    };
    child.on('message', said);
  });
  return {
    pid: child.pid,
    screen,
    send: (message) => {
      if (child.connected) child.send(message as object);
    },
    onMessage: (listener) => {
      const heard = (message: unknown): void => {
        if (!isScreenAnnouncement(message)) listener(message);
      };
      child.on('message', heard);
      return toDisposable(() => child.off('message', heard));
    },
    onExit: (listener) => {
      const exited = (code: number | null, signal: NodeJS.Signals | null): void =>
        listener(signal ? `killed by ${signal}` : `exit code ${String(code)}`);
      child.on('exit', exited);
      return toDisposable(() => child.off('exit', exited));
    },
    kill: () => {
      child.kill('SIGKILL');
    },
  };
}
