// One desktop window wired as desktop-main.ts wires it (terminal-window.ts), on fake Electron objects with
// a real bash in each pane, the session host's code linked in-process, and a real reaper: the
// wiring tests drive it through IPC, keys, the window's and the app's events.
import type { PaneId } from '../../contracts/panes';
import { IpcChannel } from '../../contracts/renderer';
import { DEFAULT_CONFIG, type RipcordConfig } from '../core/config';
import { waitFor } from '../platform/processes/processes.test-support';
import { linkedHost } from './linked-host.test-support';
import { SessionHostProcess } from './session-host-process';
import { hostedPaneWindow, type HostedPanesOptions } from './hosted-panes';
import { desktopExitHost } from './desktop-exit-host';
import type { IpcSenderEvent } from './ipc-handlers';
import { wireTerminalWindow } from './terminal-window';
import {
  FakeApp,
  FakeEmitter,
  FakeGlobalShortcut,
  FakeIpcMain,
  FakeWebContents,
  sender,
  type useWiringWorkspace,
} from './wiring.test-support';

export const WINDOW_ID = 7;
export const PAGE_URL = 'file:///opt/ripcord/resources/app.asar/dist/renderer/index.html';
/** Bound on a shell answering, a process dying: generous, never asserted as a timing. */
export const WAIT_MS = 10_000;
/** The window's first pane (PaneWindow). */
export const FIRST_PANE: PaneId = '1';

export const BASH: RipcordConfig = {
  ...DEFAULT_CONFIG,
  shell: '/bin/bash',
  args: ['--norc', '--noprofile'],
  env: { PS1: 'READY$ ' },
  killGraceMs: 500,
};

/** What desktop-main.ts adds for the desktop: the host kind (the session tools). */
export type DesktopOptions = Pick<HostedPanesOptions, 'hostKind'>;

export function openDesktopWindow(
  wiring: ReturnType<typeof useWiringWorkspace>,
  config: RipcordConfig = BASH,
  problems: string[] = [],
  desktop: DesktopOptions = {},
) {
  const app = new FakeApp();
  const window = new FakeEmitter();
  const page = new FakeWebContents(WINDOW_ID);
  const ipc = new FakeIpcMain();
  const shortcuts = new FakeGlobalShortcut();
  const opened: string[] = [];
  const log = wiring.workspace.log;
  const reaper = wiring.workspace.startReaper(config.killGraceMs);
  const linked = linkedHost(page);
  const host = new SessionHostProcess(linked.process, reaper, log);
  const panes = hostedPaneWindow({ config, log, reaper, host: desktopExitHost({ app, shortcuts }), sessionHost: () => host, ...desktop });
  wiring.installed.push(
    { dispose: () => reaper.killAll() },
    panes,
    linked,
    host,
    wireTerminalWindow(
      { config, problems, settingsFile: '/home/user/.config/ripcord/config.json', log, window: panes, host },
      {
        app,
        window,
        page,
        webContentsId: WINDOW_ID,
        pageUrl: PAGE_URL,
        ipc,
        shortcuts,
        signals: process,
        openExternal: async (url) => {
          opened.push(url);
        },
        openPath: async () => '',
      },
    ),
  );
  // the renderer reads its options from the query; the sender check ignores it
  const own = sender(WINDOW_ID, `${PAGE_URL}?renderer=dom`);
  /** a pane's output so far (the session host sends it to the page, naming the pane) */
  const output = (pane: PaneId = FIRST_PANE): string =>
    page.sent
      .filter((m) => m.channel === IpcChannel.data && m.args[0] === pane)
      .map((m) => String(m.value))
      .join('');
  const until = async (check: () => boolean, what: string, pane: PaneId = FIRST_PANE): Promise<void> => {
    if (!(await waitFor(check, WAIT_MS)))
      throw new Error(`gave up waiting for ${what}; output: ${JSON.stringify(output(pane).slice(-300))}`);
  };
  const type = (text: string, from: IpcSenderEvent = own, pane: PaneId = FIRST_PANE): void => ipc.emit(IpcChannel.input, from, pane, text);
  /** the renderer's first fit of a pane: starts its session; resolves at its first prompt */
  const start = async (cols = 100, rows = 30, pane: PaneId = FIRST_PANE): Promise<void> => {
    ipc.emit(IpcChannel.resize, own, pane, cols, rows);
    await until(() => output(pane).includes('READY$ '), `the first prompt of pane ${pane}`, pane);
  };
  const shellPid = async (pane: PaneId = FIRST_PANE): Promise<number> => {
    type('echo PID=$$\r', own, pane);
    await until(() => /PID=\d+/.test(output(pane)), `the shell pid of pane ${pane}`, pane);
    return Number(/PID=(\d+)/.exec(output(pane))?.[1]);
  };
  const screenRequest = (channel: string, ...args: unknown[]): void => linked.screenRequest(channel, FIRST_PANE, ...args);
  return { app, window, page, ipc, shortcuts, opened, reaper, own, output, until, type, start, shellPid, screenRequest, panes };
}

export type Desktop = ReturnType<typeof openDesktopWindow>;
