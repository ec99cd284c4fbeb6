// `ripcord ps` / `ripcord stop` / `ripcord last` from another process, with a test's own private
// runtime and state directories (the control sockets and transcripts stay with the test).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CLI, expect, test, type TerminalFixture } from './ripcord';

const run = promisify(execFile);

export interface Dirs {
  runtime: string;
  state: string;
  env: Record<string, string>;
}

const cleanups: (() => Promise<void>)[] = [];

/** Removes the test's private directories: each spec registers it as `test.afterEach(removePrivateDirs)`. */
export async function removePrivateDirs(): Promise<void> {
  for (const c of cleanups.splice(0)) await c();
}

/** A private XDG_RUNTIME_DIR and XDG_STATE_HOME for the test's panes and commands. */
export async function privateDirs(term: TerminalFixture): Promise<Dirs> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'ripcord-seestop-'));
  const env = { XDG_RUNTIME_DIR: path.join(base, 'run'), XDG_STATE_HOME: path.join(base, 'state') };
  await run('mkdir', ['-m', '700', env.XDG_RUNTIME_DIR]);
  term.extraEnv = env;
  await test.info().attach('dirs', { body: base });
  cleanups.push(() => rm(base, { recursive: true, force: true }));
  return { runtime: path.join(env.XDG_RUNTIME_DIR, 'ripcord'), state: env.XDG_STATE_HOME, env };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `ripcord ARGS` as a separate process (another terminal), with the test's directories. */
export async function ripcord(env: Record<string, string>, ...args: string[]): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

export interface PsSession {
  id: number;
  host: string;
  view: { sessionPid: number; rows: { pid: number; ignores: string[]; catches: string[]; command: string; foreground: boolean }[] };
}

export async function psJson(env: Record<string, string>): Promise<PsSession[]> {
  const out = await ripcord(env, 'ps', '--json');
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as PsSession[];
}
