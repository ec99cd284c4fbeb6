import { Terminal } from '@xterm/headless';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HOLD_MAX_MS,
  OutputQueue,
  PARSER_BACKLOG_CHARS,
  UNFOCUSED_CHARS_PER_TURN,
  UNFOCUSED_TURN_MS,
  UnfocusedPacer,
} from './output-queue';

function screen(): { terminal: Terminal; text: () => string } {
  const terminal = new Terminal({ cols: 80, rows: 10, allowProposedApi: true });
  const text = (): string => {
    const lines: string[] = [];
    const buffer = terminal.buffer.active;
    for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i)?.translateToString(true) ?? '');
    return lines.join('\n').trimEnd();
  };
  return { terminal, text };
}

const parsedAll = (terminal: Terminal): Promise<void> => new Promise((resolve) => terminal.write('', resolve));

describe('OutputQueue (real headless xterm)', () => {
  it('hands everything to xterm in order and acknowledges every char once parsed', async () => {
    const { terminal, text } = screen();
    let acked = 0;
    const queue = new OutputQueue(terminal, (chars) => (acked += chars));
    const chunks = Array.from({ length: 40 }, (_, i) => `line ${i}\r\n`.padEnd(2000, ' '));
    for (const chunk of chunks) queue.push(chunk);
    while (acked < chunks.join('').length) await parsedAll(terminal);
    expect(acked).toBe(chunks.join('').length);
    expect(text()).toContain('line 39');
    expect(queue.queuedChars).toBe(0);
  });

  it('keeps at most the parser backlog inside xterm', () => {
    const { terminal } = screen();
    const queue = new OutputQueue(terminal, () => {});
    for (let i = 0; i < 100; i++) queue.push('y\r\n'.repeat(1000));
    expect(queue.queuedChars).toBeGreaterThanOrEqual(100 * 3000 - PARSER_BACKLOG_CHARS - 3000);
  });

  it('hands a message larger than the backlog to xterm a backlog at a time, so a flush can still drop the rest', async () => {
    const { terminal, text } = screen();
    let acked = 0;
    const queue = new OutputQueue(terminal, (chars) => (acked += chars));
    const message = 'y\r\n'.repeat(30_000);
    queue.push(message);
    expect(queue.queuedChars).toBe(message.length - PARSER_BACKLOG_CHARS);
    expect(queue.flush()).toBe(message.length - PARSER_BACKLOG_CHARS);
    queue.push('PROMPT$ ');
    while (acked < message.length + 8) await parsedAll(terminal);
    expect(acked).toBe(message.length + 8);
    expect(text()).toMatch(/PROMPT\$$/);
  });

  it('drops unparsed output on flush, acknowledges it, and aborts a sequence left open', async () => {
    const { terminal, text } = screen();
    let acked = 0;
    const queue = new OutputQueue(terminal, (chars) => (acked += chars));
    const cutOff = 'y\r\n\x1b]0;a title cut off by the interrupt';
    queue.push(cutOff); // handed to xterm at once: it will stop inside the OSC
    const flood = '\x1b[31my\x1b[0m\r\n'.repeat(2000);
    for (let i = 0; i < 20; i++) queue.push(flood);
    expect(queue.flush()).toBeGreaterThan(0);
    queue.push('^C\r\nPROMPT$ ');
    const total = cutOff.length + 20 * flood.length + '^C\r\nPROMPT$ '.length;
    while (acked < total) await parsedAll(terminal);
    expect(acked).toBe(total);
    expect(text()).toMatch(/\^C\n?PROMPT\$$/);
  });

  it('counts what xterm parsed (drew), not what was dropped', async () => {
    const { terminal } = screen();
    let acked = 0;
    const queue = new OutputQueue(terminal, (chars) => (acked += chars));
    const message = 'y\r\n'.repeat(30_000);
    queue.push(message);
    const dropped = queue.flush();
    queue.push('PROMPT$ ');
    while (acked < message.length + 8) await parsedAll(terminal);
    expect(queue.parsedChars).toBe(message.length - dropped + 8);
  });

  it('hands xterm nothing more while the host holds output for a cut; the flush drops it and the prompt shows', async () => {
    const { terminal, text } = screen();
    let acked = 0;
    const queue = new OutputQueue(terminal, (chars) => (acked += chars));
    queue.push('before\r\n');
    await parsedAll(terminal);
    queue.hold(true);
    const flood = 'flood-line\r\n'.repeat(1000);
    queue.push(flood);
    await parsedAll(terminal);
    expect(queue.queuedChars).toBe(flood.length);
    expect(text()).not.toContain('flood-line');
    expect(queue.flush()).toBe(flood.length);
    queue.push('^C\r\nPROMPT$ ');
    const total = 'before\r\n'.length + flood.length + '^C\r\nPROMPT$ '.length;
    while (acked < total) await parsedAll(terminal);
    expect(text()).toBe('before\n^C\nPROMPT$');
  });

  it('shows everything held back, in order, when the hold ends without a cut (raw mode)', async () => {
    const { terminal, text } = screen();
    let acked = 0;
    const queue = new OutputQueue(terminal, (chars) => (acked += chars));
    queue.hold(true);
    queue.push('one\r\n');
    queue.push('two\r\n');
    await parsedAll(terminal);
    expect(text()).toBe('');
    queue.hold(false);
    while (acked < 10) await parsedAll(terminal);
    expect(text()).toBe('one\ntwo');
  });

  describe('numbered holds (DESIGN §6: main holds at the key, the host answers on another channel)', () => {
    it("ignores a press's hold that arrives after the host answered that press: the prompt shows at once", async () => {
      const { terminal, text } = screen();
      let acked = 0;
      const queue = new OutputQueue(terminal, (chars) => (acked += chars));
      queue.push('flood\r\n');
      // the host's answer to press 1 overtook main's hold for it
      expect(queue.answered(1, 'cut')).toBeGreaterThanOrEqual(0);
      queue.holdFor(1);
      queue.push('PROMPT$ ');
      while (acked < 'flood\r\n'.length + 'PROMPT$ '.length) await parsedAll(terminal);
      expect(text()).toContain('PROMPT$');
      expect(queue.queuedChars).toBe(0);
    });

    it("holds from the press's hold until that press is answered; an earlier press's answer drops but keeps holding", async () => {
      const { terminal, text } = screen();
      let acked = 0;
      const queue = new OutputQueue(terminal, (chars) => (acked += chars));
      queue.holdFor(2);
      queue.push('old-output\r\n');
      await parsedAll(terminal);
      // the cut of press 1 comes after press 2's hold: its flush drops, press 2 still holds
      expect(queue.answered(1, 'cut')).toBe('old-output\r\n'.length);
      queue.push('more\r\n');
      await parsedAll(terminal);
      expect(text()).toBe('');
      expect(queue.queuedChars).toBe('more\r\n'.length);
      queue.answered(2, 'no-cut');
      while (acked < 'old-output\r\n'.length + 'more\r\n'.length) await parsedAll(terminal);
      expect(text()).toBe('more');
    });
  });

  describe('a hold draws nothing until it ends (synchronized output, DEC mode 2026)', () => {
    it('sets the mode as the hold starts, after what xterm already has, and resets it at the cut', async () => {
      const { terminal, text } = screen();
      const queue = new OutputQueue(terminal, () => {});
      queue.push('before\r\n');
      queue.holdFor(1);
      await parsedAll(terminal);
      expect(text()).toBe('before');
      expect(terminal.modes.synchronizedOutputMode).toBe(true);
      queue.answered(1, 'cut');
      queue.push('^C\r\nPROMPT$ ');
      await parsedAll(terminal);
      expect(terminal.modes.synchronizedOutputMode).toBe(false);
      expect(text()).toBe('before\n^C\nPROMPT$');
    });

    it('resets it when the hold ends without a cut, on a flush, and once for holds that overlap', async () => {
      const { terminal } = screen();
      const queue = new OutputQueue(terminal, () => {});
      queue.holdFor(1);
      queue.holdFor(2);
      queue.answered(1, 'cut');
      await parsedAll(terminal);
      expect(terminal.modes.synchronizedOutputMode).toBe(true);
      queue.answered(2, 'no-cut');
      await parsedAll(terminal);
      expect(terminal.modes.synchronizedOutputMode).toBe(false);
      queue.hold(true);
      queue.flush();
      await parsedAll(terminal);
      expect(terminal.modes.synchronizedOutputMode).toBe(false);
    });
  });

  describe('a hold whose end never comes', () => {
    afterEach(() => vi.useRealTimers());
    it('stops holding output back after HOLD_MAX_MS', () => {
      vi.useFakeTimers();
      const { terminal, text } = screen();
      const queue = new OutputQueue(terminal, () => {});
      queue.hold(true);
      queue.push('held');
      vi.advanceTimersByTime(HOLD_MAX_MS - 1);
      expect(queue.queuedChars).toBe(4);
      vi.advanceTimersByTime(1);
      expect(queue.queuedChars).toBe(0);
      vi.runAllTimers(); // xterm's own parse turn
      expect(text()).toBe('held');
      expect(terminal.modes.synchronizedOutputMode).toBe(false);
    });
  });

  describe('panes without the keys (UnfocusedPacer)', () => {
    afterEach(() => vi.useRealTimers());
    const flood = 'y\r\n'.repeat(100_000);

    it('hand xterm their output in turns, at most a turn of chars each, and acknowledge all of it once parsed', () => {
      vi.useFakeTimers();
      const { terminal, text } = screen();
      let acked = 0;
      const queue = new OutputQueue(terminal, (chars) => (acked += chars), new UnfocusedPacer());
      queue.pace(true);
      queue.push(flood);
      queue.push('last\r\n');
      vi.advanceTimersByTime(UNFOCUSED_TURN_MS - 1);
      expect(queue.queuedChars).toBe(flood.length + 6);
      vi.advanceTimersByTime(1);
      expect(queue.queuedChars).toBe(flood.length + 6 - UNFOCUSED_CHARS_PER_TURN);
      vi.runAllTimers(); // every turn, and xterm's own parse turns
      expect(acked).toBe(flood.length + 6);
      expect(text()).toMatch(/last$/);
    });

    it('take turns, the one that waited longest first', () => {
      vi.useFakeTimers();
      const pacer = new UnfocusedPacer();
      const queues = [0, 1].map(() => new OutputQueue(screen().terminal, () => {}, pacer));
      for (const queue of queues) {
        queue.pace(true);
        queue.push(flood);
      }
      vi.advanceTimersByTime(UNFOCUSED_TURN_MS);
      expect(queues.map((queue) => queue.queuedChars)).toEqual([flood.length - UNFOCUSED_CHARS_PER_TURN, flood.length]);
      vi.advanceTimersByTime(UNFOCUSED_TURN_MS);
      expect(queues.map((queue) => queue.queuedChars)).toEqual([
        flood.length - UNFOCUSED_CHARS_PER_TURN,
        flood.length - UNFOCUSED_CHARS_PER_TURN,
      ]);
    });

    it('hand on at once when the pane gets the keys, a backlog at a time again', () => {
      vi.useFakeTimers();
      const queue = new OutputQueue(screen().terminal, () => {}, new UnfocusedPacer());
      queue.pace(true);
      queue.push(flood);
      queue.pace(false);
      expect(queue.queuedChars).toBe(flood.length - PARSER_BACKLOG_CHARS);
    });

    it('write nothing once disposed', () => {
      vi.useFakeTimers();
      const { terminal, text } = screen();
      const queue = new OutputQueue(terminal, () => {}, new UnfocusedPacer());
      queue.pace(true);
      queue.push('never shown');
      queue.dispose();
      vi.runAllTimers();
      expect(queue.queuedChars).toBe(0);
      expect(text()).toBe('');
    });
  });

  it('shows why the CAN is needed: without it the prompt is swallowed by the open OSC', async () => {
    const { terminal, text } = screen();
    terminal.write('y\r\n\x1b]0;a title cut off by the interrupt');
    terminal.write('^C\r\nPROMPT$ ');
    await parsedAll(terminal);
    expect(text()).not.toContain('PROMPT$');
  });
});
