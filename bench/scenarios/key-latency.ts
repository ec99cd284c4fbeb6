// An Esc key through a terminal host (issue #28): from the byte written into the host's pty —
// the user's terminal — to the program's answer to it on that terminal. The program reads raw
// input and answers every ESC with a numbered line. ripcord's input parser must send a lone ESC
// on at once (DESIGN §2): it cannot know yet whether a reply's sequence follows.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTerminalHost, stopTerminalHost, type PipelineKind } from '../lib/pipelines';
import { newMarker } from '../lib/processes';
import type { Sample } from '../lib/stats';

const READY = 'keys-ready';
/** Raw mode, no echo; every ESC read gets `esc <n>` back. */
const KEY_PROGRAM = [
  'import os, sys, tty',
  'tty.setraw(0)',
  `os.write(1, b"${READY}\\r\\n")`,
  'n = 0',
  'while True:',
  '    b = os.read(0, 1)',
  '    if not b: break',
  '    if b == b"\\x1b":',
  '        n += 1',
  '        os.write(1, b"esc %d\\r\\n" % n)',
].join('\n');
const READY_TIMEOUT_MS = 20_000;
/** Past this a press counts as lost (a censored sample at the timeout). */
export const KEY_TIMEOUT_MS = 2_000;
/** Between presses, so each one travels alone (nothing batched with the one before). */
const GAP_MS = 50;

/** One session of `presses` Esc keys; one sample per press. */
export async function runEscLatency(kind: PipelineKind, presses: number): Promise<Sample[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-keys-'));
  const marker = newMarker();
  const { program } = startTerminalHost(kind, {
    dir,
    marker,
    env: { RIPCORD_BENCH_MARKER: marker },
    command: ['python3', '-c', KEY_PROGRAM],
  });
  const samples: Sample[] = [];
  try {
    await program.whenOutput('the key program', (out) => out.includes(READY), READY_TIMEOUT_MS);
    for (let n = 1; n <= presses; n++) {
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
      const answered = program.whenOutput(`the answer to Esc ${n}`, (out) => out.includes(`esc ${n}\r`), KEY_TIMEOUT_MS);
      const t0 = performance.now();
      program.write('\x1b');
      samples.push(
        await answered.then(
          (t) => ({ value: t - t0 }),
          () => ({ value: KEY_TIMEOUT_MS, censored: true }),
        ),
      );
    }
    return samples;
  } finally {
    await stopTerminalHost(program, marker);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}
