import { describe, expect, it, vi } from 'vitest';
import { MAX_BATCH_CHARS, OutputBatch, SETTLE_MAX_MS, SETTLE_QUIET_MS } from './output-batch';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A batch an interrupt's cut just reached (settle), and what it sends. */
function afterCut(): { batch: OutputBatch; sent: string[] } {
  const sent: string[] = [];
  const batch = new OutputBatch((data) => sent.push(data));
  batch.settle();
  return { batch, sent };
}

/** A test on a fake clock: timers, immediates and performance.now(). */
function onFakeClock(test: () => void): () => void {
  return () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
    try {
      test();
    } finally {
      vi.useRealTimers();
    }
  };
}

describe('OutputBatch', () => {
  it('hands on the chunks of one turn as one message, in order, after the turn', async () => {
    const sent: string[] = [];
    const batch = new OutputBatch((data) => sent.push(data));
    batch.push('a');
    batch.push('');
    batch.push('bc');
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toEqual(['abc']);
    batch.push('d');
    await nextTurn();
    expect(sent).toEqual(['abc', 'd']);
  });

  it('hands on at once when the batch reaches its cap', () => {
    const sent: string[] = [];
    const batch = new OutputBatch((data) => sent.push(data));
    batch.push('x'.repeat(MAX_BATCH_CHARS - 1));
    batch.push('yy');
    expect(sent.map((s) => s.length)).toEqual([MAX_BATCH_CHARS + 1]);
  });

  it(
    'after a cut, the echo waits for the answer; its pieces are gathered until the pty is quiet, then go as one',
    onFakeClock(() => {
      const { batch, sent } = afterCut();
      batch.push('^C');
      // the program has not answered yet: quiet after the echo alone sends nothing
      vi.advanceTimersByTime(SETTLE_QUIET_MS + 1);
      expect(sent).toEqual([]);
      batch.push('\r\n');
      vi.advanceTimersByTime(SETTLE_QUIET_MS / 2);
      batch.push('$ ');
      expect(sent).toEqual([]);
      vi.advanceTimersByTime(SETTLE_QUIET_MS);
      // quiet is decided after the loop's next poll, where output already waiting still counts
      expect(sent).toEqual([]);
      vi.advanceTimersToNextTimer();
      expect(sent).toEqual(['^C\r\n$ ']);
      // the window is over: back to one message per turn
      vi.advanceTimersByTime(SETTLE_MAX_MS);
      batch.push('x');
      vi.runOnlyPendingTimers();
      expect(sent).toEqual(['^C\r\n$ ', 'x']);
    }),
  );

  it(
    "after a cut, an echo no answer follows goes at the window's end",
    onFakeClock(() => {
      const { batch, sent } = afterCut();
      batch.push('\x18^C');
      vi.advanceTimersByTime(SETTLE_MAX_MS - 1);
      expect(sent).toEqual([]);
      vi.advanceTimersByTime(1);
      vi.advanceTimersToNextTimer();
      expect(sent).toEqual(['\x18^C']);
    }),
  );

  it(
    'after a cut whose read held the answer too, the quiet wait starts at once',
    onFakeClock(() => {
      const { batch, sent } = afterCut();
      batch.push('^C\r\n$ ');
      vi.advanceTimersByTime(SETTLE_QUIET_MS);
      expect(sent).toEqual([]);
      // the loop's next poll (the fake clock's next ms) found nothing more
      vi.advanceTimersByTime(1);
      expect(sent).toEqual(['^C\r\n$ ']);
    }),
  );

  it(
    'after a cut, the answer goes as soon as it is whole (answerComplete), and the window is over',
    onFakeClock(() => {
      const sent: string[] = [];
      const batch = new OutputBatch((data) => sent.push(data));
      expect(batch.gatheringAnswer).toBe(false);
      batch.settle();
      expect(batch.gatheringAnswer).toBe(true);
      batch.push('^C');
      batch.push('\r\n$ ');
      expect(sent).toEqual([]);
      batch.answerComplete();
      expect(sent).toEqual(['^C\r\n$ ']);
      expect(batch.gatheringAnswer).toBe(false);
      // no quiet wait left over: the next output goes after its turn
      batch.push('x');
      vi.advanceTimersByTime(0);
      vi.runOnlyPendingTimers();
      expect(sent).toEqual(['^C\r\n$ ', 'x']);
    }),
  );

  it('flush hands on what waits now and nothing twice; dispose drops it', async () => {
    const sent: string[] = [];
    const batch = new OutputBatch((data) => sent.push(data));
    batch.push('early');
    batch.flush();
    expect(sent).toEqual(['early']);
    await nextTurn();
    expect(sent).toEqual(['early']);
    batch.push('late');
    batch.dispose();
    await nextTurn();
    expect(sent).toEqual(['early']);
  });
});
