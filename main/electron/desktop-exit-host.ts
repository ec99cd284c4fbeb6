import type { App, GlobalShortcut } from 'electron';
import type { ExitPathHost } from '../session/exit-path';

/**
 * DESIGN §3 step 3-4 for Electron: nothing of an OS terminal to restore, but the global shortcut
 * is given back and a session host that can no longer be asked to go is killed (`beforeExit`);
 * then `app.exit`, which closes the window without 'before-quit' or asking anyone.
 */
export function desktopExitHost(deps: { app: Pick<App, 'exit'>; shortcuts: Pick<GlobalShortcut, 'unregisterAll'>; beforeExit?: () => void }): ExitPathHost {
  return {
    restore: () => {
      deps.shortcuts.unregisterAll();
      deps.beforeExit?.();
    },
    exit: (code) => deps.app.exit(code),
  };
}
