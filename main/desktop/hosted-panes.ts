import type { RipcordConfig } from '../core/config';
import { withProfile } from '../core/profiles';
import type { SessionReaper } from '../platform/containment/containment-spawn';
import type { Logger } from '../platform/log/log';
import type { ExitPathHost } from '../decisions/exit-path';
import type { SessionHostProcess } from './session-host-process';
import { PaneWindow } from './pane-window';
import { LayoutKeeper } from './layout-keeper';
import { layoutToRestore } from './layout-restore';
import { SessionLifecycle } from '../lifecycle/session-lifecycle';

export interface HostedPanesOptions {
  config: RipcordConfig;
  log: Logger;
  reaper: SessionReaper;
  host: ExitPathHost;
  /** the session host, once it runs (the desktop starts it when the app is ready, after the window's first pane was made) */
  sessionHost: () => SessionHostProcess | undefined;
  /** the desktop's session tools (control socket, transcript, still-running hint); none in wiring tests */
  hostKind?: 'desktop';
  settingsFile?: string;
  /** overrides config.shell / config.args (the harness's command line) */
  command?: { file: string; args: string[] };
  /** overrides config.cwd for the first pane (the harness's --cwd); later panes start where the focused one is */
  cwd?: string;
  /** where the layout is kept for restoreLayout (layout-keeper.ts); none: not kept (wiring tests) */
  layoutFile?: string;
}

/**
 * The window of the desktop and of the browser harness alike: its panes' sessions decided in
 * main, their programs run in the session host, the keys reported by the key entry.
 */
export function hostedPaneWindow(options: HostedPanesOptions): PaneWindow {
  const { config, log, reaper, host, sessionHost, hostKind, settingsFile, command, cwd, layoutFile } = options;
  const restore = layoutFile === undefined ? undefined : layoutToRestore(config, layoutFile, log);
  const window = new PaneWindow({
    config,
    log,
    reaper,
    host,
    restore,
    // a profile's pane starts exactly as the `shell` setting's: its program, args, folder and env in their place (main/core/profiles.ts)
    newSession: (pane, ending, start, current) =>
      new SessionLifecycle({
        config: withProfile(current, start.profile === undefined ? undefined : current.profiles[start.profile]),
        log,
        reaper,
        host,
        ending,
        // the key entry reports the real keys; the page's data stream also carries replies
        keyPressesReported: true,
        hostKind,
        settingsFile,
        programs: (program) => {
          const hostProcess = sessionHost();
          if (!hostProcess) return Promise.resolve({ ok: false, error: 'the session host is not running' });
          // the host knows each pane's tab before its program publishes itself for `ripcord ps`
          hostProcess.placeTabs(window.current);
          return hostProcess.launcher(pane, start.cwdFrom)(program);
        },
        // a command line given to the host (`--` PROGRAM) stands for the `shell` setting, its --cwd for the first pane's folder
        command: start.profile === undefined ? command : undefined,
        cwd: start.cwd ?? (start.cwdFrom === undefined && start.profile === undefined ? cwd : undefined),
      }),
  });
  // `ripcord ps` lists each pane with its tab: the host hears them at every change too
  window.onLayout((layout) => sessionHost()?.placeTabs(layout));
  // it ends with the window's exit (it saves nothing then: LayoutKeeper)
  if (layoutFile !== undefined) new LayoutKeeper(window, layoutFile, log);
  return window;
}
