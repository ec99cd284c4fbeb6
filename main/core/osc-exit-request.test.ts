import { describe, expect, it } from 'vitest';
import { ShellOutputFilter } from './osc-exit-request';
import { exitRequestSequence } from './osc-exit-request.test-support';

const SECRET = 'a1'.repeat(32);
const REQUEST = exitRequestSequence(SECRET);
/** A mark as the shell integration prints it: with the session's secret. */
const mark = (body: string, end = '\x07'): string => `\x1b]133;${body};nonce=${SECRET}${end}`;
const PROMPT = `${mark('A')}$ \x1b]133;B\x07`;

function atPrompt(): ShellOutputFilter {
  const filter = new ShellOutputFilter(SECRET);
  filter.filter(PROMPT);
  return filter;
}

/** Feeds the text cut at every given position; returns what passed and whether it asked to exit. */
function feedSplit(filter: ShellOutputFilter, text: string, cuts: number[]): { data: string; exitRequested: boolean } {
  let data = '';
  let exitRequested = false;
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    const out = filter.filter(text.slice(from, cut));
    data += out.data;
    exitRequested ||= out.exitRequested;
    from = cut;
  }
  return { data, exitRequested };
}

describe('ShellOutputFilter', () => {
  it('honours a request with the secret at the prompt and removes it from the output', () => {
    expect(atPrompt().filter(`ls${REQUEST}${mark('C')}`)).toEqual({ data: 'ls\x1b]133;C\x07', exitRequested: true });
  });

  it('also takes ST as the terminator', () => {
    expect(atPrompt().filter(`\x1b]7701;exit;${SECRET}\x1b\\`)).toEqual({ data: '', exitRequested: true });
  });

  it('finds and removes a request split at every position', () => {
    const text = `out${REQUEST}more`;
    for (let cut = 1; cut < text.length; cut++) {
      expect(feedSplit(atPrompt(), text, [cut])).toEqual({ data: 'outmore', exitRequested: true });
    }
  });

  it('refuses a request with a wrong secret, or before any prompt, or while a command runs — and shows none', () => {
    expect(atPrompt().filter(exitRequestSequence('b2'.repeat(32)))).toEqual({ data: '', exitRequested: false });
    expect(atPrompt().filter(exitRequestSequence(''))).toEqual({ data: '', exitRequested: false });
    expect(new ShellOutputFilter(SECRET).filter(REQUEST)).toEqual({ data: '', exitRequested: false });
    const running = atPrompt();
    running.filter(mark('C'));
    expect(running.filter(`printed ${REQUEST}`)).toEqual({ data: 'printed ', exitRequested: false });
    running.filter(mark('D;0'));
    expect(running.filter(REQUEST).exitRequested).toBe(false);
  });

  it('passes every other sequence unchanged, split or not', () => {
    const text = `a\x1b]0;title\x07b\x1b[31mc\x1b]770;x\x07\x1b]77011;y\x07\x1b\x1b]52;c;${'Q'.repeat(5000)}\x07d\x1b]7701\x18e`;
    expect(atPrompt().filter(text).data).toBe(text);
    for (const cut of [1, 2, 3, 10, 20, 25, 30, 40, text.length - 3]) expect(feedSplit(atPrompt(), text, [cut]).data).toBe(text);
  });

  it('holds a possible request across chunks and releases it once it is not one', () => {
    const filter = atPrompt();
    expect(filter.filter('x\x1b]77').data).toBe('x');
    expect(filter.filter('0').data).toBe('');
    expect(filter.filter('9;y\x07').data).toBe('\x1b]7709;y\x07');
  });

  it('follows the shell between prompt and command from the 133 marks', () => {
    const filter = new ShellOutputFilter(SECRET);
    expect(filter.phase).toBe('starting');
    filter.filter(mark('A'));
    expect(filter.phase).toBe('prompt');
    filter.filter(mark('C', '\x1b\\'));
    expect(filter.phase).toBe('running');
    feedSplit(filter, mark('B'), [3]);
    expect(filter.phase).toBe('prompt');
  });

  it('a mark without the secret, or with a wrong one, passes unchanged and does not move the prompt', () => {
    const filter = atPrompt();
    for (const forged of ['\x1b]133;C\x07', '\x1b]133;D;0\x1b\\', `\x1b]133;C;nonce=${'b2'.repeat(32)}\x07`, '\x1b]133;C;nonce=\x07']) {
      expect(filter.filter(forged).data).toBe(forged);
      expect(filter.phase).toBe('prompt');
    }
    expect(filter.filter(REQUEST).exitRequested).toBe(true);
  });

  it('a mark with the secret goes on without it, split at every position', () => {
    const text = `x${mark('D;0')}y${mark('A', '\x1b\\')}z`;
    for (let cut = 1; cut < text.length; cut++) {
      const filter = atPrompt();
      filter.filter(mark('C'));
      expect(feedSplit(filter, text, [cut]).data).toBe('x\x1b]133;D;0\x07y\x1b]133;A\x1b\\z');
      expect(filter.phase).toBe('prompt');
    }
  });
});
