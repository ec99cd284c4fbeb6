// The harness's session host process: child_process.fork of the host bundle, in a session of its
// own (detached: setsid), so a signal to the harness's process group never reaches it — as the
// desktop's utilityProcess ignores them (host-guard.ts).
import { fork } from 'node:child_process';
import { toDisposable } from '../../main/core/disposable';
import type { HostProcess } from '../../main/session/host/session-host-process';

export function forkSessionHost(script: string, pageOrigin: string): HostProcess {
  const child = fork(script, [pageOrigin], { detached: true, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' });
  return {
    pid: child.pid,
    send: (message) => {
      if (child.connected) child.send(message as object);
    },
    onMessage: (listener) => {
      child.on('message', listener);
      return toDisposable(() => child.off('message', listener));
    },
    onExit: (listener) => {
      const exited = (code: number | null, signal: NodeJS.Signals | null): void => listener(signal ? `killed by ${signal}` : `exit code ${String(code)}`);
      child.on('exit', exited);
      return toDisposable(() => child.off('exit', exited));
    },
    kill: () => {
      child.kill('SIGKILL');
    },
  };
}
