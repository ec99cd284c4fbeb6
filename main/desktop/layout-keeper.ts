// restoreLayout (issue #45, docs/usage.md#the-last-layout): the window's layout is saved while the
// app runs and brought back at the next start with new sessions. What is saved is what a new
// session starts from — each pane's profile and folder — and the tabs' splits and sizes; nothing
// of a session itself (no pid, no screen, no id), so nothing of the old sessions can come back.
import type { PaneId } from '../../contracts/panes';
import { type Disposable } from '../core/disposable';
import { writeLayoutFile } from '../platform/files/layout-file';
import type { Logger } from '../platform/log/log';
import { readWorkingDirectory } from '../platform/processes/proc-files';
import type { PaneWindow } from './pane-window';
import { savedLayout } from './saved-layout';

/** A drag of a divider or a burst of new tabs is one write, about a second after it settles. */
const SAVE_DEBOUNCE_MS = 1_000;
/** A `cd` changes no layout: the panes' folders are looked at this often, and written only when one moved. */
const FOLDER_POLL_MS = 5_000;

/**
 * Saves the window's layout while restoreLayout is on: after a change (debounced) and when a
 * pane's folder moved (polled). Never at the exit: the exit waits for nothing, so the last
 * save — at most a second or two behind a change, FOLDER_POLL_MS behind a `cd` — is what comes
 * back. The writes are async and atomic; none starts once the exit has begun.
 */
export class LayoutKeeper implements Disposable {
  private readonly folders = new Map<PaneId, string>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly pollTimer: ReturnType<typeof setInterval>;
  private written = '';
  private readonly listeners: Disposable[];
  private disposed = false;

  constructor(
    private readonly window: PaneWindow,
    private readonly file: string,
    private readonly log: Pick<Logger, 'event' | 'warn'>,
  ) {
    this.listeners = [window.onLayout(() => this.schedule()), window.onExit(() => this.dispose())];
    this.pollTimer = setInterval(() => void this.save(), FOLDER_POLL_MS);
    this.pollTimer.unref();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.saveTimer);
    clearInterval(this.pollTimer);
    for (const listener of this.listeners) listener.dispose();
  }

  private schedule(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.save(), SAVE_DEBOUNCE_MS);
    this.saveTimer.unref();
  }

  /** A method, not a getter: read anew after an await, where the compiler would keep a narrowed property. */
  private stopped(): boolean {
    return this.disposed || this.window.exiting;
  }

  private async save(): Promise<void> {
    if (this.stopped() || !this.window.restoresLayout) return;
    // a pane whose program has not started (or has ended) keeps the folder it was last seen in
    await Promise.all(
      [...this.window.panes].map(async ([pane, session]) => {
        const folder = session.pid === undefined ? undefined : await readWorkingDirectory(session.pid);
        if (folder !== undefined) this.folders.set(pane, folder);
      }),
    );
    // read again: the window may have begun its exit, or this keeper been disposed, while the folders were read
    if (this.stopped()) return;
    const layout = this.window.current;
    for (const pane of this.folders.keys()) if (!this.window.panes.has(pane)) this.folders.delete(pane);
    const text = `${JSON.stringify(
      savedLayout(layout, (pane) => {
        const profile = layout.profiles?.[pane];
        const cwd = this.folders.get(pane);
        return { profile, cwd };
      }),
    )}\n`;
    if (text === this.written) return;
    this.written = text;
    const written = await writeLayoutFile(this.file, text);
    if (!written.ok) this.log.warn('layout.save-failed', { file: this.file, error: written.error });
  }
}
