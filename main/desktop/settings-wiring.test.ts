// Edits of the settings file through the desktop's wiring (terminal-window.ts) on fake Electron
// objects: the global shortcut is replaced only by one that registers, and the page and the
// session get the settings actually in force.
import { describe, expect, it } from 'vitest';
import { IpcChannel, type RendererSettings } from '../../contracts/renderer';
import { DEFAULT_CONFIG, type RipcordConfig } from '../core/config';
import { Emitter } from '../core/emitter';
import type { ConfigChange } from '../platform/files/config-watch';
import { linkedHost } from './linked-host.test-support';
import { SessionHostProcess } from './session-host-process';
import { hostedPaneWindow } from './hosted-panes';
import { desktopExitHost } from './desktop-exit-host';
import { wireTerminalWindow } from './terminal-window';
import { FakeApp, FakeEmitter, FakeGlobalShortcut, FakeIpcMain, FakeWebContents, useWiringWorkspace } from './wiring.test-support';

const WINDOW_ID = 3;
const config: RipcordConfig = { ...DEFAULT_CONFIG, globalShortcut: 'Ctrl+Alt+Q', killGraceMs: 500 };

const wiring = useWiringWorkspace();
const cleanup = wiring.installed;

function openWindow() {
  const app = new FakeApp();
  const page = new FakeWebContents(WINDOW_ID);
  const shortcuts = new FakeGlobalShortcut();
  const edits = new Emitter<ConfigChange>();
  const reaper = wiring.workspace.startReaper(config.killGraceMs);
  const linked = linkedHost(page);
  const host = new SessionHostProcess(linked.process, reaper, wiring.workspace.log);
  const panes = hostedPaneWindow({
    config,
    log: wiring.workspace.log,
    reaper,
    host: desktopExitHost({ app, shortcuts }),
    sessionHost: () => host,
  });
  cleanup.push({ dispose: () => reaper.killAll() }, panes, edits, linked, host);
  cleanup.push(
    wireTerminalWindow(
      { config, problems: [], settingsFile: 'config.json', log: wiring.workspace.log, window: panes, host, configChanges: edits.event },
      {
        app,
        window: new FakeEmitter(),
        page,
        webContentsId: WINDOW_ID,
        pageUrl: 'file:///x/index.html',
        ipc: new FakeIpcMain(),
        shortcuts,
        signals: new FakeEmitter(),
        openExternal: async () => undefined,
        openPath: async () => '',
      },
    ),
  );
  const edit = (patch: Partial<RipcordConfig>, problems: string[] = []): RendererSettings => {
    edits.fire({ config: { ...config, ...patch }, problems });
    return page.valuesOn(IpcChannel.settings).at(-1) as RendererSettings;
  };
  return { app, page, shortcuts, edit };
}

describe('settings edited while the window runs', () => {
  it('the page gets the new settings and the edit problems at once', () => {
    const d = openWindow();
    const sent = d.edit({ fontSize: 22, theme: { background: '#101010' } }, ['config.json: scrollback: must be >= 0, got -1']);
    expect(sent).toMatchObject({
      fontSize: 22,
      theme: { background: '#101010' },
      problems: ['config.json: scrollback: must be >= 0, got -1'],
    });
  });

  it('a new global shortcut replaces the old one once it is registered; the old one no longer quits', () => {
    const d = openWindow();
    expect(d.shortcuts.accelerators).toEqual(['Ctrl+Alt+Q']);
    expect(d.edit({ globalShortcut: 'Ctrl+Alt+X' }).problems).toEqual([]);
    expect(d.shortcuts.accelerators).toEqual(['Ctrl+Alt+X']);
    d.shortcuts.press();
    expect(d.app.exits).toEqual([130]);
  });

  it('a shortcut that cannot be registered keeps the old one and says so', () => {
    const d = openWindow();
    d.shortcuts.answer = false;
    const sent = d.edit({ globalShortcut: 'Ctrl+Alt+X' });
    expect(d.shortcuts.accelerators).toEqual(['Ctrl+Alt+Q']);
    expect(sent.problems).toEqual([
      expect.stringMatching(/^global shortcut Ctrl\+Alt\+X: could not be registered: .*; Ctrl\+Alt\+Q stays the global shortcut$/),
    ]);
    d.shortcuts.press();
    expect(d.app.exits).toEqual([130]);
  });

  it('"off" releases the shortcut', () => {
    const d = openWindow();
    d.edit({ globalShortcut: null });
    expect(d.shortcuts.accelerators).toEqual([]);
  });
});
