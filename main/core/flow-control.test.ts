import { describe, expect, it } from 'vitest';
import { ACK_EVERY_CHARS, FlowControl, HIGH_WATERMARK_CHARS, LOW_WATERMARK_CHARS } from './flow-control';

describe('FlowControl', () => {
  it('resumes for a screen that acknowledges only whole ACK_EVERY_CHARS batches', () => {
    // whatever remainder such a screen keeps unacknowledged is below the low watermark
    for (const sent of [HIGH_WATERMARK_CHARS + 1, HIGH_WATERMARK_CHARS + ACK_EVERY_CHARS - 1, 3 * HIGH_WATERMARK_CHARS + 7]) {
      const flow = new FlowControl();
      expect(flow.onSent(sent)).toBe('pause');
      let resumed = false;
      for (let acked = 0; acked + ACK_EVERY_CHARS <= sent; acked += ACK_EVERY_CHARS) resumed ||= flow.onAck(ACK_EVERY_CHARS) === 'resume';
      expect(resumed).toBe(true);
    }
  });

  it('uses the design §6 numbers', () => {
    expect([HIGH_WATERMARK_CHARS, LOW_WATERMARK_CHARS, ACK_EVERY_CHARS]).toEqual([100_000, 50_000, 5_000]);
    const flow = new FlowControl();
    expect(flow.onSent(HIGH_WATERMARK_CHARS)).toBeUndefined();
    expect(flow.onSent(1)).toBe('pause');
  });

  it('pauses once more than the high watermark is unacknowledged, not at it', () => {
    const flow = new FlowControl(100, 10);
    expect(flow.onSent(60)).toBeUndefined();
    expect(flow.onSent(40)).toBeUndefined();
    expect(flow.paused).toBe(false);
    expect(flow.onSent(1)).toBe('pause');
    expect(flow.paused).toBe(true);
    expect(flow.unacknowledged).toBe(101);
  });

  it('says pause once, while output already in flight keeps counting', () => {
    const flow = new FlowControl(100, 10);
    expect(flow.onSent(150)).toBe('pause');
    expect(flow.onSent(50)).toBeUndefined();
    expect(flow.unacknowledged).toBe(200);
  });

  it('resumes once under the low watermark, not at it, and says so once', () => {
    const flow = new FlowControl(100, 10);
    flow.onSent(150);
    expect(flow.onAck(100)).toBeUndefined();
    expect(flow.onAck(40)).toBeUndefined(); // exactly 10 left
    expect(flow.paused).toBe(true);
    expect(flow.onAck(1)).toBe('resume');
    expect(flow.paused).toBe(false);
    expect(flow.onAck(9)).toBeUndefined();
    expect(flow.unacknowledged).toBe(0);
  });

  it('a flush resumes at once; the acks of what came before it are absorbed, not taken off new output', () => {
    const flow = new FlowControl(100, 10);
    expect(flow.onSent(150)).toBe('pause');
    expect(flow.onFlush()).toBe('resume');
    expect(flow.unacknowledged).toBe(0);
    flow.onSent(60);
    // 150 chars of acks for the output before the flush (parsed or dropped) leave the new 60 counted
    expect(flow.onAck(100)).toBeUndefined();
    expect(flow.onAck(50)).toBeUndefined();
    expect(flow.unacknowledged).toBe(60);
    expect(flow.onSent(41)).toBe('pause');
    expect(flow.onAck(95)).toBe('resume');
    expect(flow.unacknowledged).toBe(6);
  });

  it('an ack spanning the flush takes the rest off the new output', () => {
    const flow = new FlowControl(100, 10);
    flow.onSent(30);
    expect(flow.onFlush()).toBeUndefined(); // not paused: nothing to resume
    flow.onSent(20);
    flow.onAck(40);
    expect(flow.unacknowledged).toBe(10);
  });

  it('acks while not paused only lower the count', () => {
    const flow = new FlowControl(100, 10);
    flow.onSent(50);
    expect(flow.onAck(50)).toBeUndefined();
    expect(flow.unacknowledged).toBe(0);
  });

  it('cycles pause and resume with the stream', () => {
    const flow = new FlowControl(100, 10);
    const events: string[] = [];
    for (let i = 0; i < 10; i++) {
      const pause = flow.onSent(60);
      if (pause) events.push(pause);
      if (flow.paused) {
        const resume = flow.onAck(flow.unacknowledged);
        if (resume) events.push(resume);
      }
    }
    expect(events).toEqual(['pause', 'resume', 'pause', 'resume', 'pause', 'resume', 'pause', 'resume', 'pause', 'resume']);
  });

  it('over-acknowledging empties the count instead of going negative', () => {
    const flow = new FlowControl(100, 10);
    flow.onSent(20);
    flow.onAck(500);
    expect(flow.unacknowledged).toBe(0);
    expect(flow.onSent(100)).toBeUndefined(); // a negative count would have delayed this pause
    expect(flow.onSent(1)).toBe('pause');
  });

  it.each([-5, 0, Number.NaN, Number.POSITIVE_INFINITY])('ignores a bad count (%d) from the other side', (bad) => {
    const flow = new FlowControl(100, 10);
    flow.onSent(150);
    expect(flow.onAck(bad)).toBeUndefined();
    expect(flow.onSent(bad)).toBeUndefined();
    expect(flow.unacknowledged).toBe(150);
    expect(flow.paused).toBe(true);
  });

  it.each<[number, number]>([
    [10, 10],
    [10, 20],
    [100, -1],
    [Number.POSITIVE_INFINITY, 10],
    [Number.NaN, 10],
  ])('rejects watermarks high %d, low %d', (high, low) => {
    expect(() => new FlowControl(high, low)).toThrow(RangeError);
  });
});
