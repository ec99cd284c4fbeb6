// The bound on input waiting for a program that does not read (DESIGN §6), on a real pty with a
// real program that stops reading, in both data paths: the one that finds presses in the input
// (`ripcord run`) and the desktop's and the harness's (presses come from their key events).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type RipcordConfig } from '../core/config';
import { LogEvent } from '../core/log-events';
import { silentLogger, type Logger } from '../platform/log/log';
import { ReaperClient } from '../platform/reaper-client/reaper-client';
import { bundleReaper, stopSessions, tempDir, waitFor, type SessionUnderTest } from '../platform/processes/processes.test-support';
import { GuardedSession } from './guarded-session';
import { testProgramOptions } from './guarded-session.test-support';
import { MainDecisions } from '../decisions/program-decisions';
import { SessionExits } from '../decisions/session-exits';
import { MAX_QUEUED_INPUT_BYTES } from './input-bound';

/** Raw mode, so the line discipline stops taking bytes once its buffer is full, and no reading. */
const DEAF: RipcordConfig = {
  ...DEFAULT_CONFIG,
  shell: '/bin/sh',
  args: ['-c', 'stty raw -echo; echo deaf; exec sleep 1000'],
  killGraceMs: 500,
};
const PIECE = 'x'.repeat(65_536);
const REPLY = '\x1b[24;1R\x1b[?1;2c';
const STEP_TIMEOUT_MS = 20_000;

let dir: { dir: string; dispose(): Promise<void> };
let reaperScript: string;
const started: SessionUnderTest[] = [];
beforeAll(async () => {
  dir = await tempDir();
  reaperScript = await bundleReaper(dir.dir);
});
afterEach(() => stopSessions(started.splice(0)));
afterAll(() => dir.dispose());

/** The log's lines by name, as the session wrote them. */
function recordingLog(): Logger & { lines: { name: string; fields: Record<string, unknown> }[] } {
  const lines: { name: string; fields: Record<string, unknown> }[] = [];
  const record = (name: string, fields: Record<string, unknown> = {}): void => {
    lines.push({ name, fields });
  };
  return { ...silentLogger, lines, event: record, warn: record, error: record };
}

/** A session of `config` whose screen keeps up, once its output shows `ready`. */
async function startUntil(
  config: RipcordConfig,
  ready: string,
  log: Logger,
  keyPressesReported: boolean,
): Promise<{ guarded: GuardedSession; decisions: MainDecisions; output: () => string }> {
  const reaper = ReaperClient.start({ killGraceMs: config.killGraceMs, script: reaperScript });
  const exits = new SessionExits({ config, log, reaper, host: { restore: () => {}, exit: () => {} } });
  const decisions = new MainDecisions(exits, log);
  const result = await GuardedSession.start(testProgramOptions(config, log, reaper, decisions, { keyPressesReported }));
  if (!result.ok) throw new Error(result.error);
  const guarded = result.value;
  decisions.attach(guarded);
  started.push({ session: guarded, reaper });
  let text = '';
  guarded.onOutput((data) => {
    text += data;
    guarded.ack(data.length);
  });
  guarded.run();
  await waitFor(() => (text.includes(ready) ? true : undefined), STEP_TIMEOUT_MS);
  return { guarded, decisions, output: () => text };
}

describe.each([
  ['ripcord run', false],
  ['the desktop and the harness', true],
])('input for a program that does not read, in %s', (_host, keyPressesReported) => {
  it('stops at the bound: replies dropped and counted, keys dropped with one warning, and a Ctrl+C drops what waits', async () => {
    const log = recordingLog();
    const { guarded, decisions } = await startUntil(DEAF, 'deaf', log, keyPressesReported);

    // three times the bound of typed text (a paste in the preload's pieces), then replies
    for (let sent = 0; sent < 3 * MAX_QUEUED_INPUT_BYTES; sent += PIECE.length) guarded.input(PIECE);
    for (let i = 0; i < 1000; i++) guarded.input(REPLY);

    expect(guarded.session.queuedInputBytes).toBeLessThanOrEqual(MAX_QUEUED_INPUT_BYTES);
    expect(guarded.session.queuedInputBytes).toBeGreaterThan(MAX_QUEUED_INPUT_BYTES - PIECE.length);
    expect(log.lines.filter((line) => line.name === LogEvent.inputKeysDropped)).toHaveLength(1);

    decisions.press();
    const interrupted = log.lines.find((line) => line.name === LogEvent.inputInterrupted);
    expect(interrupted?.fields.droppedBytes).toBeGreaterThan(MAX_QUEUED_INPUT_BYTES - 2 * PIECE.length);
    // what waits now is at most the write under way and the ^C
    expect(guarded.session.queuedInputBytes).toBeLessThanOrEqual(PIECE.length + 1);
    guarded.dispose();
    const dropped = log.lines.find((line) => line.name === LogEvent.inputDropped);
    expect(dropped?.fields.replyBytes).toBe(1000 * REPLY.length);
    expect(dropped?.fields.keyBytes).toBeGreaterThanOrEqual(2 * MAX_QUEUED_INPUT_BYTES - PIECE.length);
  }, 60_000);
});

it('input under the bound reaches a program that reads it, whole and in order, however the pty takes it', async () => {
  const out = path.join(dir.dir, 'received');
  const pieces = Array.from({ length: 200 }, (_, n) => `${String(n).padStart(4, '0')}:${'abcdefghij'.repeat(400)}\n`);
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const config: RipcordConfig = {
    ...DEAF,
    args: ['-c', `stty raw -echo; echo reading; head -c ${total} > '${out}'; echo got-all; exec sleep 1000`],
  };
  const { guarded, output } = await startUntil(config, 'reading', silentLogger, false);
  for (const piece of pieces) guarded.input(piece);
  await waitFor(() => (output().includes('got-all') ? true : undefined), STEP_TIMEOUT_MS);
  expect(await readFile(out, 'utf8')).toBe(pieces.join(''));
}, 60_000);
