// The desktop's session host process: Electron's utilityProcess running session-host-main.ts,
// and the MessagePort pair that gives the page its screen straight from the host (DESIGN §1).
import type * as Electron from 'electron';
import type { WebContents } from 'electron';
import { IpcChannel } from '../../contracts/renderer';
import { toDisposable } from '../core/disposable';
import type { HostProcess } from './session-host-process';
import { SCREEN_PORT_MESSAGE } from '../session-host/host-ports';

export interface UtilityHost {
  host: HostProcess;
  /** A page (re)loaded: a new port pair, one end to the host, the other to the page. */
  connectScreen(page: Pick<WebContents, 'postMessage'>): void;
}

/** The parts of the `electron` module the session host's start uses. */
export type UtilityElectron = Pick<typeof Electron, 'utilityProcess' | 'MessageChannelMain'>;

export function startUtilityHost({ utilityProcess, MessageChannelMain }: UtilityElectron, script: string): UtilityHost {
  const child = utilityProcess.fork(script, [], { serviceName: 'ripcord session host', stdio: 'inherit' });
  const host: HostProcess = {
    get pid() {
      return child.pid;
    },
    send: (message) => child.postMessage(message),
    onMessage: (listener) => {
      child.on('message', listener);
      return toDisposable(() => child.removeListener('message', listener));
    },
    onExit: (listener) => {
      const exited = (code: number): void => listener(`exit code ${code}`);
      child.on('exit', exited);
      return toDisposable(() => child.removeListener('exit', exited));
    },
    // utilityProcess.kill() sends SIGTERM, which the host ignores (host-guard.ts)
    kill: () => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    },
  };
  return {
    host,
    connectScreen: (page) => {
      const { port1, port2 } = new MessageChannelMain();
      child.postMessage({ type: SCREEN_PORT_MESSAGE }, [port1]);
      page.postMessage(IpcChannel.screen, null, [port2]);
    },
  };
}
