import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROMPT_END_MARK } from '../core/osc-exit-request';
import { silentLogger } from '../platform/log/log';
import { spawnSession, type Session } from '../platform/pty/session';
import { CUT_WAIT_MS, HOLD_LIMIT_CHARS } from './interrupt-hold';
import { OutputPipeline } from './output-pipeline';

const started: Session[] = [];
/** The event loop's next turn: setImmediate runs for real here, as the batch's turns do. */
const nextTurn = (): Promise<void> => new Promise((turn) => setImmediate(turn));

afterEach(() => {
  vi.useRealTimers();
  for (const session of started.splice(0)) session.dispose();
});

/** The session's pipeline, from now on with the clock faked (the pty's reads and the loop's turns stay real). */
function pipelineOnFakeClock(session: Session): OutputPipeline {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  return new OutputPipeline(session, {
    log: silentLogger,
    integration: undefined,
    exitRequested: () => undefined,
    shown: () => undefined,
  });
}

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
  const pipeline = pipelineOnFakeClock(session);
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

describe('OutputPipeline: a cut behind a full hold (real pty, fake clock)', () => {
  it('finds the cut when the hold was full before the kernel took the ^C: it reads on after the wait', async () => {
    // `yes` floods until the interrupt; the trap answers as a shell's prompt would; the line
    // written after the ^C lets sh exec sleep, which says the kernel has taken both (it takes a
    // pty's input in order), so the echo waits unread in the pty when the deadline comes
    const script = `trap 'printf "bench$ "' INT; yes; read line; exec sleep 30`;
    const result = await spawnSession({ file: '/bin/sh', args: ['-c', script], cols: 80, rows: 24 });
    if (!result.ok) throw new Error(result.error);
    const session = result.value;
    started.push(session);
    const pipeline = pipelineOnFakeClock(session);
    let shown = '';
    pipeline.onOutput((data) => (shown += data));
    let read = 0;
    pipeline.onProgramOutput((data) => (read += data.length));
    const until = async (done: () => boolean | Promise<boolean>): Promise<void> => {
      while (!(await done())) await nextTurn();
    };
    await until(() => shown.length > 0);
    pipeline.holdForCut();
    const readAtHold = read;
    // the screen took all it was sent: the pty is read into the hold until it is full
    pipeline.ack(shown.length);
    await until(() => read - readAtHold >= HOLD_LIMIT_CHARS);
    const outcome = new Promise<'cut' | 'released'>((settle) => {
      pipeline.onFlush(() => settle('cut'));
      pipeline.onHold((holding) => holding || settle('released'));
    });
    let inPty = false;
    session.cancel(() => {
      pipeline.interruptInPty();
      inPty = true;
    });
    session.write('\r');
    await until(async () => inPty && (await readFile(`/proc/${session.pid}/comm`, 'utf8')).trim() === 'sleep');
    const shownAtDeadline = shown.length;
    vi.advanceTimersByTime(CUT_WAIT_MS);
    expect(await outcome).toBe('cut');
    // the answer goes on once the pty is quiet: the batch's timer
    await until(() => {
      vi.runOnlyPendingTimers();
      return shown.includes('bench$ ');
    });
    // the held flood was dropped: the screen goes on at the echo (the \r's echo and the trap's
    // answer come in either order)
    expect(shown.slice(shownAtDeadline).startsWith('^C')).toBe(true);
  });
});
