// Window close, the global shortcut and host signals, before any session runs: each reaches
// the one exit path once, with DESIGN §3's code. Real core, real exit path, real reaper and
// real signals to this process; only the Electron objects are fakes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../core/config';
import { waitFor } from '../platform/processes/processes.test-support';
import { installSignalTriggers } from '../lifecycle/host-signals';
import { SessionLifecycle } from '../lifecycle/session-lifecycle';
import { desktopExitHost } from './desktop-exit-host';
import { registerExitShortcut } from './global-shortcut';
import { installWindowLifecycle } from './app-lifecycle';
import {
  FakeApp,
  FakeEmitter,
  FakeEvent,
  FakeGlobalShortcut,
  FakeWebContents,
  LOG_WAIT_MS,
  useWiringWorkspace,
} from './wiring.test-support';

const wiring = useWiringWorkspace();
const installed = wiring.installed;

/** A desktop host as desktop-main.ts wires it, on fake Electron objects and a fake clock. */
function desktop(options: { shortcutAnswer?: boolean | Error } = {}) {
  const app = new FakeApp();
  const window = new FakeEmitter();
  const page = new FakeWebContents(1);
  const shortcuts = new FakeGlobalShortcut(options.shortcutAnswer ?? true);
  let now = 0;
  const lifecycle = new SessionLifecycle({
    config: DEFAULT_CONFIG,
    log: wiring.workspace.log,
    reaper: wiring.workspace.startReaper(500),
    host: desktopExitHost({ app, shortcuts }),
    clock: () => now,
  });
  installed.push(installWindowLifecycle({ app, window, page, trigger: lifecycle.trigger, log: wiring.workspace.log }));
  installed.push(installSignalTriggers({ signals: process, trigger: lifecycle.trigger, log: wiring.workspace.log }));
  const shortcut = registerExitShortcut({
    shortcuts,
    accelerator: DEFAULT_CONFIG.globalShortcut,
    onPress: () => lifecycle.trigger({ kind: 'global-shortcut' }),
    log: wiring.workspace.log,
  });
  return { app, window, page, shortcuts, lifecycle, shortcut, advance: (ms: number) => (now += ms) };
}

async function signalSelf(signal: NodeJS.Signals, app: FakeApp, exitsBefore: number): Promise<void> {
  process.kill(process.pid, signal);
  await waitFor(() => app.exits.length > exitsBefore, LOG_WAIT_MS, 5);
}

describe('desktop exit wiring', () => {
  it('window close exits 0, once, and gives the global shortcut back', () => {
    const d = desktop();
    d.window.emit('close', new FakeEvent());
    // the close that follows from it, and any quit, must not run the exit path again
    d.app.emit('window-all-closed');
    d.app.emit('before-quit', new FakeEvent());
    expect(d.app.exits).toEqual([0]);
    expect(d.shortcuts.unregisterAllCalls).toBe(1);
  });

  it('the global shortcut exits 130, once', () => {
    const d = desktop();
    expect(d.shortcut).toEqual({ ok: true });
    expect(d.shortcuts.registered?.accelerator).toBe('CommandOrControl+Alt+Q');
    d.shortcuts.press();
    d.shortcuts.press();
    expect(d.app.exits).toEqual([130]);
  });

  it('quitting the app (Cmd+Q, before-quit) exits 0', () => {
    const d = desktop();
    d.app.emit('before-quit', new FakeEvent());
    expect(d.app.exits).toEqual([0]);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s to the host exits %i, once', async (signal, code) => {
    const d = desktop();
    await signalSelf(signal, d.app, 0);
    d.window.emit('close', new FakeEvent());
    expect(d.app.exits).toEqual([code]);
  });

  it('SIGINT is a press: the first cancels, a second within the double-press interval exits 130', async () => {
    const d = desktop();
    process.kill(process.pid, 'SIGINT');
    await wiring.workspace.logEntry((e) => e.name === 'trigger' && e.kind === 'sigint' && e.action === 'cancel');
    expect(d.app.exits).toEqual([]);
    d.advance(300);
    await signalSelf('SIGINT', d.app, 0);
    expect(d.app.exits).toEqual([130]);
  });

  it('Ctrl+C twice within the double-press interval exits 130 even before the session runs', () => {
    const d = desktop();
    d.lifecycle.pressCtrlC();
    d.advance(300);
    d.lifecycle.pressCtrlC();
    expect(d.app.exits).toEqual([130]);
  });

  it('removes every listener it installed', () => {
    const d = desktop();
    for (const item of installed.splice(0)) item.dispose();
    expect(d.window.listenerCount('close')).toBe(0);
    for (const event of ['before-quit', 'window-all-closed']) expect(d.app.listenerCount(event)).toBe(0);
    for (const event of ['unresponsive', 'responsive', 'render-process-gone']) expect(d.page.listenerCount(event)).toBe(0);
    expect(process.listenerCount('SIGTERM')).toBe(0);
  });

  it('an unresponsive renderer is logged and changes nothing about exiting', async () => {
    const d = desktop();
    d.page.emit('unresponsive');
    expect(await wiring.workspace.logEntry((e) => e.name === 'renderer.unresponsive')).toBeDefined();
    expect(d.app.exits).toEqual([]);
    d.window.emit('close', new FakeEvent());
    expect(d.app.exits).toEqual([0]);
  });
});

describe('global shortcut registration', () => {
  it('a shortcut taken elsewhere is logged and returned as a problem, never thrown', async () => {
    const d = desktop({ shortcutAnswer: false });
    expect(d.shortcut.ok).toBe(false);
    expect(!d.shortcut.ok && d.shortcut.problem).toMatch(/CommandOrControl\+Alt\+Q.*could not be registered/);
    expect(await wiring.workspace.logEntry((e) => e.name === 'shortcut.failed')).toBeDefined();
  });

  it('an accelerator Electron cannot parse is a problem too', () => {
    const d = desktop({ shortcutAnswer: new TypeError('Error processing argument at index 0, conversion failure') });
    expect(!d.shortcut.ok && d.shortcut.problem).toMatch(/not a valid accelerator/);
  });

  it('null switches it off without registering anything', () => {
    const shortcuts = new FakeGlobalShortcut();
    expect(registerExitShortcut({ shortcuts, accelerator: null, onPress: () => undefined, log: wiring.workspace.log })).toEqual({
      ok: true,
    });
    expect(shortcuts.registered).toBeUndefined();
  });
});
