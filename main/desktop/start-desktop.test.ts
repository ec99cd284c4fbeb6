// startDesktop's order of calls on fakes of Electron's objects that record each call: what must
// come before app 'ready' (Electron accepts the sandbox and the app scheme only then) and what
// only after it (utilityProcess, the window, its wiring), then the screen's port at dom-ready.
import { describe, expect, it } from 'vitest';
import { toDisposable } from '../core/disposable';
import { SCREEN_PORT_MESSAGE } from '../session-host/host-ports';
import { startDesktop, type DesktopElectron } from './start-desktop';
import { appFiles } from './app-paths';
import { BASH } from './desktop-window.test-support';
import { FakeApp, FakeEmitter, FakeGlobalShortcut, FakeIpcMain, FakeWebContents, useWiringWorkspace } from './wiring.test-support';

const wiring = useWiringWorkspace();

/** Each method call on `target` is written to `calls` as "name.method" ("name.on(event)" for listeners). */
function recorded<T extends object>(calls: string[], name: string, target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string' || key === 'constructor') return value;
      return (...args: unknown[]) => {
        calls.push(key === 'on' ? `${name}.on(${String(args[0])})` : `${name}.${key}`);
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

function fakeElectron() {
  const calls: string[] = [];
  let ready: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  // Chromium's switches: none given (no --no-sandbox; the portal is only for Wayland sessions, wayland-shortcuts.test.ts)
  const commandLine = { hasSwitch: () => false, appendSwitch: () => undefined, getSwitchValue: () => '' };
  const app = recorded(
    calls,
    'app',
    Object.assign(new FakeApp(), { enableSandbox: () => undefined, whenReady: () => whenReady, commandLine }),
  );
  const page = recorded(calls, 'webContents', Object.assign(new FakeWebContents(3), { postMessage: () => undefined }));
  const child = recorded(
    calls,
    'utility',
    Object.assign(new FakeEmitter(), {
      pid: undefined,
      postMessage: (message: unknown) => calls.push(`utility.message(${JSON.stringify(message)})`),
    }),
  );
  class BrowserWindow extends FakeEmitter {
    readonly webContents = page;
    constructor() {
      super();
      calls.push('new BrowserWindow');
      return recorded(calls, 'window', this);
    }
    loadURL(): Promise<void> {
      return Promise.resolve();
    }
  }
  class MessageChannelMain {
    readonly port1 = {};
    readonly port2 = {};
  }
  const electron = {
    app,
    BrowserWindow,
    MessageChannelMain,
    globalShortcut: recorded(calls, 'globalShortcut', new FakeGlobalShortcut()),
    ipcMain: recorded(calls, 'ipcMain', new FakeIpcMain()),
    Menu: recorded(calls, 'Menu', { setApplicationMenu: () => undefined, buildFromTemplate: () => ({}) }),
    protocol: recorded(calls, 'protocol', { registerSchemesAsPrivileged: () => undefined, handle: () => undefined }),
    session: {
      defaultSession: recorded(calls, 'session', {
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
      }),
    },
    shell: { openExternal: () => Promise.resolve() },
    utilityProcess: recorded(calls, 'utilityProcess', { fork: () => child }),
  } as unknown as DesktopElectron;
  return { electron, calls, ready: () => ready(), page };
}

describe('startDesktop', () => {
  it('locks down pages, turns the sandbox on and registers the app scheme before ready; the host, then the window and its wiring, after', async () => {
    const { electron, calls, ready, page } = fakeElectron();
    const { workspace } = wiring;
    const reaper = workspace.startReaper(BASH.killGraceMs);
    const signals = new FakeEmitter();
    const { panes, started } = startDesktop(electron, {
      log: workspace.log,
      config: BASH,
      settingsFile: `${workspace.dir}/settings.json`,
      problems: [],
      settings: { onDidChange: () => toDisposable(() => undefined) },
      reaper,
      files: appFiles(workspace.dir),
      signals,
    });
    wiring.installed.push(panes, { dispose: () => reaper.killAll() });
    expect(calls).toEqual(['app.on(web-contents-created)', 'app.enableSandbox', 'protocol.registerSchemesAsPrivileged', 'app.whenReady']);
    // nothing listens to the signals before the window's wiring: a SIGINT then is Node's default
    expect(signals.listenerCount('SIGINT')).toBe(0);

    ready();
    await started;
    const after = calls.slice(4);
    const first = (call: string): number => {
      const index = after.indexOf(call);
      if (index < 0) throw new Error(`${call} was never called: ${after.join(', ')}`);
      return index;
    };
    expect(first('utilityProcess.fork')).toBe(0);
    expect(first('utilityProcess.fork')).toBeLessThan(first('new BrowserWindow'));
    for (const beforeWindow of ['protocol.handle', 'session.setPermissionRequestHandler', 'session.setPermissionCheckHandler'])
      expect(first(beforeWindow)).toBeLessThan(first('new BrowserWindow'));
    for (const wired of [
      'webContents.on(dom-ready)',
      'webContents.on(before-input-event)',
      'window.on(close)',
      'app.on(before-quit)',
      'globalShortcut.register',
      'ipcMain.handle',
      'Menu.setApplicationMenu',
    ]) {
      expect(first(wired)).toBeGreaterThan(first('new BrowserWindow'));
      expect(first(wired)).toBeLessThan(first('window.loadURL'));
    }
    expect(after.at(-1)).toBe('window.loadURL');
    expect(signals.listenerCount('SIGINT')).toBe(1);
    expect(after.some((call) => call.startsWith('utility.message') && call.includes(SCREEN_PORT_MESSAGE))).toBe(false);

    // dom-ready: a port pair, one end to the host, the other to the page
    page.emit('dom-ready');
    expect(calls.slice(-2)).toEqual([`utility.message(${JSON.stringify({ type: SCREEN_PORT_MESSAGE })})`, 'webContents.postMessage']);
  });
});
