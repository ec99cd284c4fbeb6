import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROMPT_END_MARK } from '../core/osc-exit-request';
import { silentLogger } from '../platform/log/log';
import { spawnSession, type Session } from '../platform/pty/session';
import { OutputPipeline } from './output-pipeline';

const started: Session[] = [];
/** The event loop's next turn: setImmediate runs for real here, as the batch's turns do. */
const nextTurn = (): Promise<void> => new Promise((turn) => setImmediate(turn));

afterEach(() => {
  vi.useRealTimers();
  for (const session of started.splice(0)) session.dispose();
});

/**
 * A real pty running sh, which says "ready" and waits for a line; its SIGINT trap prints `answer` as a
 * shell prints its prompt after a cancel. Only the clock is fake: the pty's reads come as they
 * come, and the batch's quiet wait is a timer the test runs or not.
 */
async function shellThatAnswers(answer: string): Promise<{ shown: string[]; read: (text: string) => Promise<void>; cancel: () => void }> {
  const script = `trap 'printf "%s" "${answer}"; exit 0' INT; echo ready; read line`;
  const result = await spawnSession({ file: '/bin/sh', args: ['-c', script], cols: 80, rows: 24 });
  if (!result.ok) throw new Error(result.error);
  const session = result.value;
  started.push(session);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  const pipeline = new OutputPipeline(session, {
    log: silentLogger,
    integration: undefined,
    exitRequested: () => undefined,
    shown: () => undefined,
  });
  const shown: string[] = [];
  pipeline.onOutput((data) => shown.push(data));
  // subscribed after the pipeline: once this has read `text`, so has the pipeline
  let out = '';
  const waiters: Array<() => void> = [];
  session.onData((data) => {
    out += data;
    for (const wake of waiters.splice(0)) wake();
  });
  const read = async (text: string): Promise<void> => {
    while (!out.includes(text)) await new Promise<void>((wake) => waiters.push(wake));
  };
  await read('ready');
  // the batch hands "ready" on in the turn after its read (setImmediate, which runs for real)
  await nextTurn();
  if (shown.join('') !== 'ready\r\n') throw new Error(`before the press the screen got ${JSON.stringify(shown)}`);
  return {
    shown,
    read,
    cancel: () => {
      pipeline.holdForCut();
      session.write('\x03');
      pipeline.interruptInPty();
    },
  };
}

describe('OutputPipeline (real pty, fake clock)', () => {
  it("after a cut, sends the answer the moment the shell's prompt ends (its end mark), not after the pty's quiet", async () => {
    const { shown, read, cancel } = await shellThatAnswers(`bench$ ${PROMPT_END_MARK}`);
    const before = shown.length;
    cancel();
    await read(PROMPT_END_MARK);
    // no timer has run since the press: the mark sent it
    const answer = shown.slice(before).join('');
    expect(answer).toContain('^C');
    expect(answer.endsWith(`bench$ ${PROMPT_END_MARK}`)).toBe(true);
  });

  it('without the mark (no shell integration), gathers the answer until the pty is quiet', async () => {
    const { shown, read, cancel } = await shellThatAnswers('bench$ ');
    const before = shown.length;
    cancel();
    await read('bench$ ');
    expect(shown.slice(before).join('')).not.toContain('bench$ ');
    // the quiet wait: its timer, then the turn after the reads that may have come meanwhile
    vi.runOnlyPendingTimers();
    await nextTurn();
    const answer = shown.slice(before).join('');
    expect(answer).toContain('^C');
    expect(answer.endsWith('bench$ ')).toBe(true);
  });
});
