/**
 * The window's title (document.title, which Electron shows as the window's): the focused pane's
 * program title, and its session's process count at a glance. The Workspace keeps it.
 */
export class WindowTitle {
  private programTitle = '';
  private count: number | undefined;

  setProgramTitle(title: string): void {
    this.programTitle = title;
    this.render();
  }

  setProcessCount(count: number): void {
    this.count = count;
    this.render();
  }

  private render(): void {
    const processes = this.count === undefined ? '' : ` · ${this.count} process${this.count === 1 ? '' : 'es'}`;
    document.title = `${this.programTitle ? `${this.programTitle} — ` : ''}ripcord${processes}`;
  }
}
