import type { BrowserWindowConstructorOptions, Event as ElectronEvent, Session, WebContents } from 'electron';
import type { Logger } from '../platform/log/log';
import type { Listens } from '../core/listens';

/** Room for 80x24 of the default font plus the window frame; the user resizes from there. */
const INITIAL_WIDTH = 900;
const INITIAL_HEIGHT = 600;

/**
 * DESIGN §7. The page runs sandboxed with context isolation and no Node; the only bridge is the
 * preload's named functions. No webviews, no drag-and-drop navigation, no spellcheck service.
 */
export function terminalWindowOptions(options: { preload: string; backgroundColor?: string }): BrowserWindowConstructorOptions {
  return {
    width: INITIAL_WIDTH,
    height: INITIAL_HEIGHT,
    title: 'ripcord',
    // Shown at once, not on 'ready-to-show': a window that never appears cannot be closed.
    show: true,
    backgroundColor: options.backgroundColor ?? '#000000',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
  };
}

/**
 * The page may never leave our own file, open a window or attach a webview. Links go out only
 * through the openLink IPC (http/https, system browser). Denials are logged, never acted on.
 */
type Navigation = ElectronEvent<{ url: string }>;
export type NavigationSource = Listens<'will-navigate', (event: Navigation) => void> &
  Listens<'will-frame-navigate', (event: Navigation) => void> &
  Listens<'will-redirect', (event: Navigation) => void> &
  Listens<'will-attach-webview', (event: ElectronEvent) => void> &
  Pick<WebContents, 'setWindowOpenHandler'>;

export function lockDownNavigation(page: NavigationSource, log: Pick<Logger, 'warn'>): void {
  const deny = (kind: string) => (event: Navigation) => {
    event.preventDefault();
    log.warn('page.navigation-denied', { kind, url: event.url.slice(0, 200) });
  };
  page.on('will-navigate', deny('navigate'));
  page.on('will-frame-navigate', deny('frame-navigate'));
  page.on('will-redirect', deny('redirect'));
  page.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('page.webview-denied');
  });
  page.setWindowOpenHandler(({ url }) => {
    log.warn('page.window-open-denied', { url: url.slice(0, 200) });
    return { action: 'deny' };
  });
}

type RequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type CheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];
export type PermissionPolicy = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

/**
 * Every permission is denied (camera, notifications, clipboard reads …). The single exception:
 * writing text to the clipboard, when the user allowed OSC 52 writes (allowClipboardWrite) and
 * only for our own page — the renderer's copy uses execCommand inside the key press and needs
 * no permission at all.
 */
export function denyPermissions(
  session: PermissionPolicy,
  options: { allowClipboardWrite: boolean; isOwnPage: (url: string) => boolean; log: Pick<Logger, 'warn'> },
): void {
  const allowed = (permission: string, url: string | undefined): boolean =>
    options.allowClipboardWrite && permission === 'clipboard-sanitized-write' && url !== undefined && options.isOwnPage(url);
  const request: NonNullable<RequestHandler> = (_contents, permission, callback, details) => {
    const grant = allowed(permission, details.requestingUrl);
    if (!grant) options.log.warn('page.permission-denied', { permission });
    callback(grant);
  };
  const check: NonNullable<CheckHandler> = (_contents, permission, _origin, details) => allowed(permission, details.requestingUrl);
  session.setPermissionRequestHandler(request);
  session.setPermissionCheckHandler(check);
}
