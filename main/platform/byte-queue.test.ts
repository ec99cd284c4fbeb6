import { describe, expect, it } from 'vitest';
import { ByteQueue } from './byte-queue';

const text = (buffers: Buffer[]): string => Buffer.concat(buffers).toString('utf8');

describe('ByteQueue', () => {
  it('encodes text in order and gives its size in bytes', () => {
    const queue = new ByteQueue(1024, 64);
    expect(queue.append('abc')).toBe(3);
    expect(queue.append('✓é')).toBe(5);
    expect(queue.append('x'.repeat(30))).toBe(30);
    expect(queue.size).toBe(38);
    const taken = queue.take();
    expect(queue.size).toBe(0);
    expect(taken.reduce((n, b) => n + b.length, 0)).toBe(38);
    expect(text(taken)).toBe(`abc✓é${'x'.repeat(30)}`);
    queue.release();
    expect(queue.take()).toEqual([]);
  });

  it('refuses text beyond its bound, queued and being written together', () => {
    const queue = new ByteQueue(128, 64);
    expect(queue.append('a'.repeat(20))).toBe(20); // first buffer
    expect(queue.append('b'.repeat(20))).toBe(20); // second buffer: the first lacks room for 60 worst-case bytes
    expect(text(queue.take())).toBe(`${'a'.repeat(20)}${'b'.repeat(20)}`);
    expect(queue.append('c'.repeat(20))).toBeUndefined(); // both buffers are being written
    queue.release();
    expect(queue.append('d'.repeat(20))).toBe(20); // a released buffer is filled again
    expect(text(queue.take())).toBe('d'.repeat(20));
  });

  it('gives text longer than a buffer its own allocation, within the bound', () => {
    const queue = new ByteQueue(256, 16);
    expect(queue.append('z'.repeat(100))).toBe(100);
    expect(queue.append('y'.repeat(200))).toBeUndefined();
    expect(text(queue.take())).toBe('z'.repeat(100));
    queue.release();
    expect(queue.append('y'.repeat(200))).toBe(200);
  });

  it('drops what is queued when cleared', () => {
    const queue = new ByteQueue(64, 32);
    queue.append('gone');
    queue.clear();
    expect(queue.size).toBe(0);
    expect(queue.take()).toEqual([]);
  });

  it('refuses a second take before the first is released', () => {
    const queue = new ByteQueue(64, 32);
    queue.append('a');
    queue.take();
    expect(() => queue.take()).toThrow(/before release/);
  });
});
