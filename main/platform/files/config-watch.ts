// The settings file, watched while the app runs (issue #30: settings apply without a restart).
import { watch } from 'node:fs';
import path from 'node:path';
import type { RipcordConfig } from '../../core/config';
import { DisposableBase, toDisposable } from '../../core/disposable';
import { Emitter } from '../../core/emitter';
import { reloadConfig } from './config-file';
import type { Logger } from '../log/log';

/**
 * Editors save in steps (truncate + write, or write a temp file + rename, several events each):
 * the file is read once they have been quiet this long, not at every step.
 */
export const CONFIG_SETTLE_MS = 150;

/** An edit as the hosts apply it: the settings now in force, and the problems to show. */
export interface ConfigChange {
  config: RipcordConfig;
  /** "FILE: key: problem" lines; the keys named kept their previous values */
  problems: string[];
}

/**
 * Watches the settings file's directory — an editor that saves by renaming a new file over the
 * old one replaces the inode a file watch would hold — and, once an edit settled, reads the
 * file again asynchronously (main's thread never waits for the disk). Reads run one at a
 * time, in order. `onDidChange` fires when the settings or their problems changed: a save that
 * changed nothing fires nothing. A directory that cannot be watched (missing, no inotify
 * watches left) is logged; the settings then stay as they were read at the start.
 */
export class ConfigWatcher extends DisposableBase {
  private readonly changed = this.register(new Emitter<ConfigChange>());
  private timer: ReturnType<typeof setTimeout> | undefined;
  private reads: Promise<void> = Promise.resolve();
  private disposed = false;
  private last: string;

  /** The settings file was edited; listeners run on main's loop, never during a press or an exit. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly file: string,
    private current: RipcordConfig,
    startupProblems: readonly string[],
    private readonly log: Pick<Logger, 'event' | 'warn'>,
  ) {
    super();
    this.last = JSON.stringify({ config: current, problems: startupProblems });
    this.register(toDisposable(() => clearTimeout(this.timer)));
    const name = path.basename(file);
    try {
      // persistent: false — a watch never keeps the process alive on its own
      const watcher = watch(path.dirname(file), { persistent: false }, (_event, changed) => {
        if (changed === null || changed === name) this.schedule();
      });
      this.register(toDisposable(() => watcher.close()));
      watcher.on('error', (error) => log.warn('config.watch-failed', { file, error: String(error) }));
    } catch (error) {
      log.warn('config.watch-failed', { file, error: String(error) });
    }
  }

  override dispose(): void {
    this.disposed = true;
    super.dispose();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.reads = this.reads.then(() => this.reload());
    }, CONFIG_SETTLE_MS);
    this.timer.unref();
  }

  private async reload(): Promise<void> {
    const loaded = await reloadConfig(this.file, this.current);
    const seen = JSON.stringify({ config: loaded.config, problems: loaded.problems });
    if (this.disposed || seen === this.last) return;
    this.last = seen;
    this.current = loaded.config;
    this.log.event('config.reloaded', { file: this.file, problems: loaded.problems.length });
    for (const problem of loaded.problems) this.log.warn('config.problem', { problem });
    // a listener that fails is logged by the unexpected-error handler; the others still apply the edit
    this.changed.fire({ config: loaded.config, problems: loaded.problems });
  }
}
