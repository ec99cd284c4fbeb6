import { describe, expect, it } from 'vitest';
import { AckCounter } from './ack-counter';

describe('AckCounter', () => {
  it('acknowledges in batches of at least ackEveryChars, never losing a char', () => {
    const acks: number[] = [];
    const counter = new AckCounter(5000, (n) => acks.push(n));
    counter.parsed(3000);
    expect(acks).toEqual([]);
    counter.parsed(2500);
    expect(acks).toEqual([5500]);
    counter.parsed(4999);
    expect(acks).toEqual([5500]);
    expect(counter.unacknowledged).toBe(4999);
    counter.parsed(1);
    expect(acks).toEqual([5500, 5000]);
    expect(counter.unacknowledged).toBe(0);
  });

  it('acknowledges a single chunk larger than the batch at once', () => {
    const acks: number[] = [];
    new AckCounter(10, (n) => acks.push(n)).parsed(12345);
    expect(acks).toEqual([12345]);
  });

  it('rejects a batch size that would never or always acknowledge', () => {
    expect(() => new AckCounter(0, () => undefined)).toThrow(RangeError);
    expect(() => new AckCounter(1.5, () => undefined)).toThrow(RangeError);
  });
});
