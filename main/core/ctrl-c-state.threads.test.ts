import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CtrlCState } from './ctrl-c-state';

/**
 * Runs in each worker thread, bundled with the real ctrl-c-state.ts (vitest does not transform
 * worker code). Threads synchronise through shared counters so that they really race.
 */
const WORKER_SOURCE = `
import { parentPort, workerData } from 'node:worker_threads';
import { CtrlCState } from './ctrl-c-state';

const { scenario, buffers, outcomes, control, threads, id } = workerData;
const OUTCOME_CODES = { cancel: 1, ignored: 2, exit: 3 };
const STUCK_AFTER_MS = 20_000;
const CHECKS_AFTER_EXIT = 200;
const SPINS_BEFORE_SLEEP = 50_000;
const BUFFERS_PER_BARRIER = 500;

/**
 * Waits until control[index] satisfies done. Spins first: threads released from a spin start
 * within nanoseconds of each other, while a futex wake-up staggers them by microseconds, far
 * wider than the window a race needs.
 */
function waitUntil(index, done) {
  for (let spins = 0; spins < SPINS_BEFORE_SLEEP; spins++) if (done(Atomics.load(control, index))) return;
  const deadline = Date.now() + STUCK_AFTER_MS;
  for (let value; !done((value = Atomics.load(control, index))); Atomics.wait(control, index, value, 100)) {
    if (Date.now() > deadline) throw new Error('another thread is stuck or gone');
  }
}

/** control[0] counts arrivals, control[1] is the generation. */
function barrier() {
  const generation = Atomics.load(control, 1);
  if (Atomics.add(control, 0, 1) === threads - 1) {
    Atomics.store(control, 0, 0);
    Atomics.add(control, 1, 1);
    Atomics.notify(control, 1);
  } else {
    waitUntil(1, (g) => g !== generation);
  }
}

/**
 * All threads walk the same buffers in the same order from a barrier: in lockstep they reach
 * many of them together, which is when two first presses can collide.
 */
function firstPresses() {
  buffers.forEach((buffer, index) => {
    if (index % BUFFERS_PER_BARRIER === 0) barrier();
    const state = new CtrlCState({ clock: () => 0, buffer });
    outcomes[index * threads + id] = OUTCOME_CODES[state.register(1000)];
  });
  return { violations: [] };
}

/**
 * Thread 0 presses until it gets 'exit'; the others meanwhile spin markCancelHandled and reset,
 * the two transitions that would clobber the exit if a transition were a load then a store.
 * control[0] counts the spinning threads' arrivals, control[1] the buffers thread 0 is done with.
 */
function exitRace() {
  const violations = [];
  const note = (message) => violations.length < 5 && violations.push(message);
  buffers.forEach((buffer, index) => {
    const state = new CtrlCState({ clock: () => 0, buffer });
    if (id === 0) {
      // Press only once every other thread spins on this buffer, so the exit lands among them.
      waitUntil(0, (arrived) => arrived >= (index + 1) * (threads - 1));
      let now = 0;
      while (state.register((now += 300)) !== 'exit') if (now > 1e7) throw new Error('no exit');
      for (let i = 0; i < CHECKS_AFTER_EXIT; i++) {
        if (state.phase !== 'exit-requested') note('buffer ' + index + ': the exit was lost (' + state.phase + ')');
      }
      Atomics.store(control, 1, index + 1);
      Atomics.notify(control, 1);
      return;
    }
    Atomics.add(control, 0, 1);
    Atomics.notify(control, 0);
    const deadline = Date.now() + STUCK_AFTER_MS;
    let checksLeft = CHECKS_AFTER_EXIT;
    for (let op = 0; checksLeft > 0; op++) {
      if (op % 2 === 0) state.markCancelHandled();
      else state.reset();
      const presserDone = Atomics.load(control, 1) > index; // read before the phase: it then must be the exit
      const phase = state.phase;
      if (phase === 'exit-requested') {
        checksLeft--;
      } else if (checksLeft < CHECKS_AFTER_EXIT || presserDone) {
        note('buffer ' + index + ': ' + phase + ' after the exit');
        break;
      } else if (op % 1024 === 0 && Date.now() > deadline) {
        throw new Error('thread 0 never pressed');
      }
    }
  });
  return { violations };
}

parentPort.postMessage(scenario === 'first-presses' ? firstPresses() : exitRace());
`;

/** More threads than the machine's cores would mostly take turns instead of racing. */
const THREADS = 3;

let workerCode = '';

beforeAll(async () => {
  const result = await build({
    stdin: { contents: WORKER_SOURCE, resolveDir: import.meta.dirname, sourcefile: 'ctrl-c-state-worker.ts', loader: 'ts' },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    logLevel: 'silent',
  });
  workerCode = result.outputFiles[0]?.text ?? '';
});

// A test that times out never reaches runThreads' finally: its threads are ended here.
const running = new Set<Worker>();
afterAll(async () => {
  await Promise.all([...running].map((w) => w.terminate()));
});

interface ThreadResult {
  violations: string[];
}

/** Starts one worker per thread id and resolves with what each one posted. */
async function runThreads(data: Record<string, unknown>): Promise<ThreadResult[]> {
  const control = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  const workers = Array.from({ length: THREADS }, (_, id) => {
    const worker = new Worker(workerCode, { eval: true, workerData: { ...data, control, threads: THREADS, id } });
    running.add(worker);
    return worker;
  });
  try {
    return await Promise.all(
      workers.map(
        (worker) =>
          new Promise<ThreadResult>((resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
            worker.once('exit', (code) => reject(new Error(`worker exited (${code}) before reporting`)));
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    for (const w of workers) running.delete(w);
  }
}

const freshBuffers = (n: number): SharedArrayBuffer[] => Array.from({ length: n }, () => new CtrlCState({ clock: () => 0 }).buffer);

describe('CtrlCState shared by worker threads', () => {
  it('gives exactly one cancel when several threads press first at once', async () => {
    const count = 10_000;
    const buffers = freshBuffers(count);
    const outcomes = new Int32Array(new SharedArrayBuffer(count * THREADS * Int32Array.BYTES_PER_ELEMENT));
    await runThreads({ scenario: 'first-presses', buffers, outcomes });
    const ONE_CANCEL_REST_IGNORED = [1, ...Array<number>(THREADS - 1).fill(2)].join();
    const wrong = buffers
      .map((_, index) => [...outcomes.subarray(index * THREADS, (index + 1) * THREADS)].sort().join())
      .filter((codes) => codes !== ONE_CANCEL_REST_IGNORED);
    expect(wrong).toEqual([]);
  });

  it('keeps the exit sticky: markCancelHandled and reset racing with the exiting press never lose it', async () => {
    const count = 300;
    const buffers = freshBuffers(count);
    for (const buffer of buffers) new CtrlCState({ clock: () => 0, buffer }).register(0); // each starts cancelled
    const results = await runThreads({ scenario: 'exit-race', buffers });
    expect(results.flatMap((r) => r.violations)).toEqual([]);
    const phases = buffers.map((buffer) => new CtrlCState({ clock: () => 0, buffer }).phase);
    expect(phases.filter((phase) => phase !== 'exit-requested')).toEqual([]);
  });
});
