// Helpers for the platform tests (real processes): unique command-line markers, finding
// and killing marked processes through /proc, bounded polling, on-the-fly bundles.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { Disposable } from '../../core/disposable';
import { pidAlive, systemProcessTable } from './process-tree';
import { parseCommandLine } from './proc-files';
import type { ReaperClient } from '../reaper-client/reaper-client';
import { spawnSession, type Session } from '../pty/session';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

/**
 * One of the C programs of e2e/terminal/fixtures (`name`.c), built with cc into a directory of its
 * own; `program` is undefined when cc cannot build it here (the test then says so in its skip).
 */
export async function buildFixtureProgram(
  name: string,
  ccArgs: readonly string[] = [],
): Promise<{ program: string | undefined; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `ripcord-${name}-`));
  const program = path.join(dir, name);
  const built = await promisify(execFile)('cc', [
    '-o',
    program,
    path.join(REPO_ROOT, 'e2e/terminal/fixtures', `${name}.c`),
    ...ccArgs,
  ]).then(
    () => program,
    () => undefined,
  );
  return { program: built, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The command name (/proc comm) of the job holding the terminal of `rootPid`, or undefined
 * while the root holds it. A shell hands the terminal to a job's process group before the job
 * has exec'd its program; a ^C sent in between reaches the shell's child copy, not the program,
 * so tests wait for the program's own name.
 */
export async function foregroundJob(rootPid: number): Promise<string | undefined> {
  const tables = systemProcessTable();
  if (!tables.ok) return undefined;
  const root = await tables.value.lookup(rootPid);
  if (!root || root.tpgid <= 0 || root.tpgid === root.pgrp) return undefined;
  return readFile(`/proc/${root.tpgid}/comm`, 'utf8').then(
    (comm) => comm.trim(),
    () => undefined,
  );
}

export function newMarker(): string {
  return `ripcord-test-${randomBytes(5).toString('hex')}`;
}

export interface MarkedProcess {
  pid: number;
  argv: string[];
}

/** Live (non-zombie: a zombie's cmdline is empty) processes whose command line contains marker. */
export async function markedProcesses(marker: string): Promise<MarkedProcess[]> {
  const names = (await readdir('/proc')).filter((n) => /^\d+$/.test(n));
  const found = await Promise.all(
    names.map(async (n) => {
      try {
        const raw = await readFile(`/proc/${n}/cmdline`, 'utf8');
        return raw.includes(marker) ? { pid: Number(n), argv: parseCommandLine(raw) } : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return found.filter((p): p is MarkedProcess => p !== undefined && p.pid !== process.pid);
}

/** Polls until check() is truthy or timeoutMs passed; returns the last value. */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs: number, intervalMs = 20): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || performance.now() >= deadline) return value;
    await delay(intervalMs);
  }
}

/** A session a test started, with the reaper it registered with. */
export interface SessionUnderTest {
  session: Disposable;
  reaper: ReaperClient;
}

/**
 * Test cleanup of sessions started with a ReaperClient: the exit path's kill, the session
 * disposed, the reaper's pipe closed — then waits (bounded) until every reaper is gone. One still
 * in its sh stage finishes by exec'ing its Node bundle, which the caller's afterAll deletes: without
 * the wait it found no script and left the empty cgroup behind.
 */
export async function stopSessions(entries: readonly SessionUnderTest[]): Promise<void> {
  for (const { session, reaper } of entries) {
    reaper.killAll();
    session.dispose();
    reaper.dispose();
  }
  await Promise.all(entries.map(({ reaper }) => waitFor(() => !pidAlive(reaper.pid), 5_000)));
}

/** Test cleanup: SIGKILL everything carrying the marker until nothing does (bounded). */
export async function killMarked(marker: string): Promise<void> {
  await waitFor(
    async () => {
      const left = await markedProcesses(marker);
      for (const p of left) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      return left.length === 0;
    },
    5_000,
    50,
  );
}

export async function tempDir(): Promise<{ dir: string; dispose(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-platform-'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** Bundles a platform entry (a file, or TS source whose imports resolve from `resolveDir`) to CommonJS. */
export async function bundle(outfile: string, entry: { file: string } | { source: string; resolveDir: string }): Promise<string> {
  await build({
    ...('file' in entry
      ? { entryPoints: [path.join(REPO_ROOT, entry.file)] }
      : { stdin: { contents: entry.source, resolveDir: entry.resolveDir, loader: 'ts' as const } }),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    external: ['node-pty', 'esbuild'],
    logLevel: 'error',
  });
  return outfile;
}

/** The reaper as the tests run it: bundled from source into `dir`; returns the script path. */
export function bundleReaper(dir: string): Promise<string> {
  return bundle(path.join(dir, 'reaper.js'), { file: 'main/reaper/reaper-main.ts' });
}

/** Env for bundles living outside the repo that still need node-pty from it. */
export const BUNDLE_ENV = { ...process.env, NODE_PATH: path.join(REPO_ROOT, 'node_modules') };

/**
 * A hostile session root: bash that ignores HUP/INT/TERM and starts 50 marked descendants
 * (ignoring them too, inherited): background jobs, nested jobs, a nohup one, setsid ones
 * with children of their own, and a double-forked orphan whose parent exits at once.
 */
export function hostileScript(marker: string): string {
  return `trap '' HUP INT TERM
M=${marker}
for i in $(seq 1 20); do (exec -a "$M-bg-$i" sleep 1000) & done
for i in $(seq 1 9); do ( (exec -a "$M-nest-$i-b" sleep 1000) & exec -a "$M-nest-$i-a" sleep 1000 ) & done
nohup bash -c 'exec -a "$0" sleep 1000' "$M-nohup" >/dev/null 2>&1 &
for i in $(seq 1 5); do setsid bash -c '(exec -a "$0-child" sleep 1000) & exec -a "$0" sleep 1000' "$M-setsid-$i" & done
( (exec -a "$M-orphan" sleep 1000) & exit 0 ) &
wait
exec -a "$M-root-tail" sleep 1000
`;
}
/** processes hostileScript starts besides its root */
export const HOSTILE_DESCENDANTS = 50;

/** Marked descendants of hostileScript that are up (argv[0] carries the marker once exec'd as sleep). */
export async function hostileDescendants(marker: string): Promise<MarkedProcess[]> {
  return (await markedProcesses(marker)).filter((p) => p.argv[0]?.startsWith(`${marker}-`));
}

/** Starts hostileScript as a real pty session; the script file name carries the marker too. */
export async function startHostileSession(marker: string, dir: string): Promise<Session> {
  const script = path.join(dir, `${marker}.sh`);
  await writeFile(script, hostileScript(marker));
  const result = await spawnSession({ file: '/bin/bash', args: [script], cols: 80, rows: 24 });
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** Waits (bounded) until all hostile descendants run; onTick sees each poll, as a reaper refresh would. */
export async function waitHostileTreeUp(marker: string, onTick: () => Promise<void> = async () => {}): Promise<boolean> {
  return waitFor(
    async () => {
      await onTick();
      return (await hostileDescendants(marker)).length === HOSTILE_DESCENDANTS;
    },
    20_000,
    50,
  );
}
