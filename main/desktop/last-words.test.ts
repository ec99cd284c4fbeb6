// The session host's last words at the desktop's exit (DESIGN §3 step 5), over real MessagePorts
// (node:worker_threads) shaped as Electron's parentPort: their delivery is asynchronous, as a
// utilityProcess's is. `app.exit` ends the host with the app: played here by the host's end
// running no more code (its listeners gone, its port closed), whatever is still in flight to it.
import { once } from 'node:events';
import type { MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toDisposable } from '../core/disposable';
import { silentLogger } from '../platform/log/log';
import type { SessionReaper } from '../platform/containment/containment-spawn';
import { PanePrograms } from '../session-host/pane-programs';
import { SessionHostProcess, type HostProcess } from './session-host-process';
import { desktopExitHost, HOST_LAST_WORDS_MS } from './desktop-exit-host';
import { hostChannels } from '../session-host/host-ports';
import { parentPort } from '../session-host/ports.test-support';

const disposeAfter: Array<{ dispose(): void }> = [];
afterEach(() => {
  vi.useRealTimers();
  for (const item of disposeAfter.splice(0)) item.dispose();
});

/** Main's reaper is asked for nothing here: it kills only when the host stops or goes, which no test does. */
const NO_REAPER = { killAll: () => undefined } as unknown as SessionReaper;

/** Main's end of the host's channel, as utility-host.ts makes it of a utilityProcess. */
function mainEnd(port: MessagePort): HostProcess {
  return {
    pid: undefined,
    send: (message) => port.postMessage({ data: message, ports: [] }),
    onMessage: (listener) => {
      port.on('message', listener);
      return toDisposable(() => port.off('message', listener));
    },
    onExit: () => toDisposable(() => undefined),
    kill: () => undefined,
  };
}

/** Main and a session host on one asynchronous channel; `exitApp` ends both as app.exit does. */
function desktopAndHost(options: { hostAnswers: boolean }): {
  main: SessionHostProcess;
  heardByHost: unknown[];
  heardByMain: unknown[];
  exitApp(): Promise<void>;
  ended: Promise<unknown>;
} {
  const { host, main, hostPort } = parentPort();
  const heardByHost: unknown[] = [];
  const heardByMain: unknown[] = [];
  main.on('message', (message: unknown) => heardByMain.push(message));
  hostPort.on('message', (message: { data: unknown }) => heardByHost.push(message.data));
  if (options.hostAnswers) {
    const { parent, screen } = hostChannels(host);
    disposeAfter.push(new PanePrograms(parent, screen));
  }
  const ended = once(main, 'close');
  const desktop = new SessionHostProcess(mainEnd(main), NO_REAPER, silentLogger);
  disposeAfter.push(desktop);
  return {
    main: desktop,
    heardByHost,
    heardByMain,
    // the app's end takes the host with it: it runs nothing more, and the channel is gone
    exitApp: async () => {
      hostPort.removeAllListeners('message');
      hostPort.close();
      await ended;
    },
    ended,
  };
}

/** The desktop's exit host on that channel; resolves with what main had heard when app.exit ran. */
function exitThroughDesktop(session: ReturnType<typeof desktopAndHost>): { exited: Promise<{ code: number; heard: unknown[] }> } {
  let exited!: (value: { code: number; heard: unknown[] }) => void;
  const promise = new Promise<{ code: number; heard: unknown[] }>((resolve) => (exited = resolve));
  const host = desktopExitHost({
    app: {
      exit: (code) => {
        const heard = [...session.heardByMain];
        void session.exitApp();
        exited({ code: code ?? 0, heard });
      },
    },
    shortcuts: { unregisterAll: () => undefined },
    beforeExit: () => session.main.exiting(),
  });
  host.restore();
  host.exit(0, 'window-close');
  return { exited: promise };
}

const isType =
  (type: string) =>
  (message: unknown): boolean =>
    (message as { type?: unknown }).type === type;

describe("the session host's last words at the exit", () => {
  it("are lost when the app exits at once: the host never hears main's last message", async () => {
    const session = desktopAndHost({ hostAnswers: true });
    void session.main.exiting();
    await session.exitApp();
    expect(session.heardByHost.filter(isType('exit'))).toEqual([]);
  });

  it('arrive when main waits for them: the host heard `exit` and its answer reached main before app.exit', async () => {
    const session = desktopAndHost({ hostAnswers: true });
    const { code, heard } = await exitThroughDesktop(session).exited;
    await session.ended;
    expect(code).toBe(0);
    expect(session.heardByHost.filter(isType('exit'))).toHaveLength(1);
    expect(heard.filter(isType('last-words'))).toHaveLength(1);
  });

  it(`a host that never answers holds the exit back ${HOST_LAST_WORDS_MS} ms, no longer`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const session = desktopAndHost({ hostAnswers: false });
    let exitedWith: number | undefined;
    void exitThroughDesktop(session).exited.then(({ code }) => (exitedWith = code));
    await vi.advanceTimersByTimeAsync(HOST_LAST_WORDS_MS - 1);
    expect(exitedWith).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(exitedWith).toBe(0);
  });
});
