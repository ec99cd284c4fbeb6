import type { Disposable } from '../core/disposable';

/**
 * One message per batch, not per pty read: the pty hands over at most 4 095 bytes a read, and
 * every message costs the screen a task (IPC or WebSocket, decode, dispatch) that a flood pays
 * thousands of times a second. Cap: large enough to cut messages by an order of magnitude,
 * small next to the flow-control window (a batch is counted when it is shown, as before).
 */
export const MAX_BATCH_CHARS = 32_768;

/**
 * Output gathered while the event loop reads the pty and handed on once per turn (setImmediate:
 * after the reads of this turn, before any timer — so nothing waits longer than the turn that
 * read it). `flush` hands on what waits now, for the steps that must come after it in order.
 */
export class OutputBatch implements Disposable {
  private parts: string[] = [];
  private chars = 0;
  private scheduled: ReturnType<typeof setImmediate> | undefined;

  constructor(private readonly emit: (data: string) => void) {}

  push(data: string): void {
    if (data.length === 0) return;
    this.parts.push(data);
    this.chars += data.length;
    if (this.chars >= MAX_BATCH_CHARS) this.flush();
    else this.scheduled ??= setImmediate(() => this.flush());
  }

  flush(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    if (this.parts.length === 0) return;
    const data = this.parts.length === 1 ? (this.parts[0] as string) : this.parts.join('');
    this.parts = [];
    this.chars = 0;
    this.emit(data);
  }

  dispose(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.parts = [];
    this.chars = 0;
  }
}
