import type { Session, WebContents } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denyPermissions, lockDownNavigation, terminalWindowOptions } from './window-security';
import { FakeEmitter, FakeEvent, wiringWorkspace } from './wiring.test-support';

const PAGE = 'file:///app/dist/renderer/index.html';
let workspace: Awaited<ReturnType<typeof wiringWorkspace>>;
beforeAll(async () => {
  workspace = await wiringWorkspace();
});
afterAll(async () => {
  await workspace.dispose();
});

type WindowOpenHandler = Parameters<WebContents['setWindowOpenHandler']>[0];
type RequestHandler = NonNullable<Parameters<Session['setPermissionRequestHandler']>[0]>;
type CheckHandler = NonNullable<Parameters<Session['setPermissionCheckHandler']>[0]>;

/** webContents: navigation events and the window.open handler. */
class FakePage extends FakeEmitter implements Pick<WebContents, 'setWindowOpenHandler'> {
  openHandler: WindowOpenHandler | undefined;
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.openHandler = handler;
  }
}

/** session: the two permission handlers, called by the test as Chromium would. */
class FakeSession implements Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> {
  request: RequestHandler | null = null;
  check: CheckHandler | null = null;
  setPermissionRequestHandler(handler: RequestHandler | null): void {
    this.request = handler;
  }
  setPermissionCheckHandler(handler: CheckHandler | null): void {
    this.check = handler;
  }
  ask(permission: Parameters<RequestHandler>[1], requestingUrl: string): boolean {
    let answer: boolean | undefined;
    this.request?.({} as WebContents, permission, (granted) => (answer = granted), { isMainFrame: true, requestingUrl });
    if (answer === undefined) throw new Error('the request handler never answered');
    return answer;
  }
  has(permission: Parameters<CheckHandler>[1], requestingUrl: string): boolean | undefined {
    return this.check?.(null, permission, 'file:///', { isMainFrame: true, requestingUrl });
  }
}

describe('window security (DESIGN §7)', () => {
  it('creates the window sandboxed, isolated, without Node', () => {
    const { webPreferences } = terminalWindowOptions({ preload: '/app/dist/preload.js' });
    expect(webPreferences).toMatchObject({
      preload: '/app/dist/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
    });
  });

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('denies %s and logs it', async (event) => {
    const page = new FakePage();
    lockDownNavigation(page, workspace.log);
    const navigation = Object.assign(new FakeEvent(), { url: `https://evil.example/${event}` });
    page.emit(event, navigation);
    expect(navigation.defaultPrevented).toBe(true);
    expect(await workspace.logEntry((e) => e.name === 'page.navigation-denied' && e.url === navigation.url)).toBeDefined();
  });

  it('denies window.open and webviews', () => {
    const page = new FakePage();
    lockDownNavigation(page, workspace.log);
    const webview = new FakeEvent();
    page.emit('will-attach-webview', webview);
    expect(webview.defaultPrevented).toBe(true);
    const details = {
      url: 'https://example.com',
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: '', policy: 'default' },
    } as const;
    expect(page.openHandler?.(details)).toEqual({ action: 'deny' });
  });

  it('denies every permission, clipboard reads included', () => {
    const session = new FakeSession();
    denyPermissions(session, { allowClipboardWrite: true, isOwnPage: (url) => url === PAGE, log: workspace.log });
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen'] as const) {
      expect(session.ask(permission, PAGE)).toBe(false);
    }
    expect(session.has('clipboard-read', PAGE)).toBe(false);
  });

  it('allows clipboard writes only when allowClipboardWrite is on, and only for our own page', () => {
    const on = new FakeSession();
    denyPermissions(on, { allowClipboardWrite: true, isOwnPage: (url) => url === PAGE, log: workspace.log });
    expect(on.ask('clipboard-sanitized-write', PAGE)).toBe(true);
    expect(on.has('clipboard-sanitized-write', PAGE)).toBe(true);
    expect(on.ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    const off = new FakeSession();
    denyPermissions(off, { allowClipboardWrite: false, isOwnPage: (url) => url === PAGE, log: workspace.log });
    expect(off.ask('clipboard-sanitized-write', PAGE)).toBe(false);
    expect(off.has('clipboard-sanitized-write', PAGE)).toBe(false);
  });
});
