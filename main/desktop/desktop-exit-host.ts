import type { App, GlobalShortcut } from 'electron';
import type { ExitPathHost } from '../decisions/exit-path';

/**
 * The longest main waits at the exit for the session host's answer to its last message: half
 * the exit's budget (DESIGN §9: second Ctrl+C → process gone, p99 ≤ 100 ms). A live host answers
 * within a message's round trip (well under a millisecond); only one that cannot answer — busy,
 * stopped between two looks — uses the bound, and the exit goes on without its answer.
 */
export const HOST_LAST_WORDS_MS = 50;

/**
 * DESIGN §3 step 3-5 for Electron: nothing of an OS terminal to restore, but the global shortcut
 * is given back and the session host is told to say its last words (`beforeExit`: a host that
 * can no longer be asked is killed); then `app.exit`, which closes the window without
 * 'before-quit' or asking anyone — once the host answered, or after HOST_LAST_WORDS_MS. The
 * wait is asynchronous: messages to and from a utilityProcess travel asynchronously, and
 * `app.exit` ends the host with the app, so without it the host could be gone before it heard
 * main (a `ripcord stop` waiting unanswered, a control socket left).
 */
export function desktopExitHost(deps: {
  app: Pick<App, 'exit'>;
  shortcuts: Pick<GlobalShortcut, 'unregisterAll'>;
  beforeExit?: () => Promise<void> | undefined;
}): ExitPathHost {
  let lastWords: Promise<void> | undefined;
  return {
    restore: () => {
      deps.shortcuts.unregisterAll();
      lastWords = deps.beforeExit?.();
    },
    exit: (code) => {
      if (lastWords === undefined) return deps.app.exit(code);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, HOST_LAST_WORDS_MS)));
      void Promise.race([lastWords, bound]).then(() => {
        clearTimeout(timer);
        deps.app.exit(code);
      });
    },
  };
}
