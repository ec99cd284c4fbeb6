// The pipelines the scenarios compare, started the same way: ripcord's (the real browser
// harness or `ripcord run`), the naive baseline built in bench/naive, and — in the browser —
// the VS Code-style peer (bench/peer page, bench/naive harness with ack flow control).
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CLI,
  DIST,
  DIST_OVERRIDDEN,
  FLOOR_HOST,
  FLOOR_SETTINGS_HOST,
  HARNESS,
  NAIVE_HARNESS,
  NAIVE_HOST,
  PEER_RENDERER_DIR,
  RIPCORD_COMMAND,
} from './paths';
import { MARKER_VARIABLE, killMarked, markedProcesses } from './processes';
import { PtyProgram } from './pty-program';
import { readyLine } from '../../e2e/harness/ready-line';

/** Terminal hosts (first prompt, exits): ripcord and naive. */
export type PipelineKind = 'ripcord' | 'naive';
export const PIPELINES: readonly PipelineKind[] = ['ripcord', 'naive'];
/** Hosts of the first-prompt rows: the contained floor too, alone and after a start's settings steps (bench/floor). */
export type StartHostKind = PipelineKind | 'floor' | 'floor-settings';
/** Browser pipelines (Ctrl+C, throughput): the peer too. */
export type BrowserKind = PipelineKind | 'peer';
export const BROWSER_PIPELINES: readonly BrowserKind[] = ['ripcord', 'peer', 'naive'];

/** A prompt no output of the scenarios contains. */
export const PROMPT = 'bench$ ';
export const BASH = ['/bin/bash', '--norc', '--noprofile', '-i'];
const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

/** The session's environment: the marker finds its processes, the rest gives a stable prompt. */
export function sessionEnv(marker: string): Record<string, string> {
  return { [MARKER_VARIABLE]: marker, PS1: PROMPT, HISTFILE: '/dev/null', INPUTRC: '/dev/null' };
}

export interface BrowserPipeline {
  kind: BrowserKind;
  url: string;
  port: number;
  token: string;
  pid: number;
  /** the processes that do the pipeline's work: ripcord's harness and its session host; the peer's and naive's one host */
  pids: number[];
  /** where the page's screen connects: ripcord's session host socket; the peer's and naive's one socket */
  screenUrl: string;
  marker: string;
  logFile: string | undefined;
  exited: Promise<void>;
  /** ends the server if still running, then every marked process; returns survivors it had to kill */
  stop(): Promise<number>;
}

/** The browser harness (ripcord) or the naive harness, serving dist/harness-renderer (the page with the test view; the peer: its own page). */
export interface BrowserPipelineOptions {
  dir: string;
  marker: string;
  command?: string[];
  killGraceMs?: number;
  /** ripcord only: another bundle of e2e/harness/harness-main.ts (the watermark experiments) */
  harnessScript?: string;
  /** ripcord only: settings beside the defaults, e.g. { transcripts: false } */
  settings?: Record<string, unknown>;
}

export async function startBrowserPipeline(kind: BrowserKind, options: BrowserPipelineOptions): Promise<BrowserPipeline> {
  const command = options.command ?? BASH;
  const env = sessionEnv(options.marker);
  let args: string[];
  let logFile: string | undefined;
  if (kind === 'ripcord') {
    const configFile = path.join(options.dir, 'config.json');
    logFile = path.join(options.dir, 'harness.log');
    await writeFile(configFile, JSON.stringify({ env, killGraceMs: options.killGraceMs ?? 500, ...options.settings }));
    args = [
      options.harnessScript ?? HARNESS,
      '--config',
      configFile,
      '--log',
      logFile,
      '--cwd',
      options.dir,
      '--renderer-dir',
      path.join(DIST, 'harness-renderer'),
      '--',
      ...command,
    ];
  } else {
    const envArgs = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
    const page =
      kind === 'peer'
        ? ['--ack-flow-control', '--renderer-dir', PEER_RENDERER_DIR]
        : ['--renderer-dir', path.join(DIST, 'harness-renderer')];
    args = [NAIVE_HARNESS, ...page, '--cwd', options.dir, ...envArgs, '--', ...command];
  }
  // ripcord's transcripts go to the run's directory, not the user's list (same file system)
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, XDG_STATE_HOME: path.join(options.dir, 'state') },
  });
  const ready = await readyLine(child, READY_TIMEOUT_MS);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const url = new URL(String(ready.url));
  const screenPort = url.searchParams.get('screen');
  const mainUrl = `ws://127.0.0.1:${Number(ready.port)}/ws?token=${String(ready.token)}`;
  return {
    kind,
    url: String(ready.url),
    port: Number(ready.port),
    token: String(ready.token),
    pid: Number(ready.pid),
    pids: [Number(ready.pid), ...(typeof ready.hostPid === 'number' ? [ready.hostPid] : [])],
    screenUrl: screenPort === null ? mainUrl : `ws://127.0.0.1:${screenPort}/screen?token=${url.searchParams.get('screenToken') ?? ''}`,
    marker: options.marker,
    logFile,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const ended = await Promise.race([
          exited.then(() => true),
          new Promise((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS)),
        ]);
        if (!ended) child.kill('SIGKILL');
        await exited;
      }
      return killMarked(options.marker);
    },
  };
}

/**
 * The page's sockets as a program (not a browser) opens them: main's, for input and resize, and
 * the screen's, for output and acks — ripcord's session host; for the peer and naive, the same socket.
 */
export function openPageSockets(pipeline: Pick<BrowserPipeline, 'port' | 'token' | 'screenUrl'>): { main: WebSocket; screen: WebSocket } {
  const origin = `http://127.0.0.1:${pipeline.port}`;
  const main = new WebSocket(`ws://127.0.0.1:${pipeline.port}/ws?token=${pipeline.token}`, { origin });
  const screen = pipeline.screenUrl.startsWith(`ws://127.0.0.1:${pipeline.port}/ws`) ? main : new WebSocket(pipeline.screenUrl, { origin });
  return { main, screen };
}

export interface TerminalHostOptions {
  dir: string;
  marker: string;
  killGraceMs?: number;
  /** extra environment for the host (and so its session); `undefined` removes a variable */
  env?: Record<string, string | undefined>;
  command?: string[];
  /** ripcord and floor-settings only: a settings file to start with (the caller wrote it); none by default */
  configFile?: string;
}

/**
 * `ripcord run` (bin/ripcord, as a user types it), the naive host or a contained floor, as the
 * root of a pty the bench drives. The marker goes only to what the session runs (through the
 * shell's environment), not to the host itself, so that "session processes" never counts the
 * host or the reaper.
 */
export function startTerminalHost(kind: StartHostKind, options: TerminalHostOptions): { program: PtyProgram; logFile: string | undefined } {
  const command = options.command ?? ['/bin/bash', '--norc', '--noprofile'];
  const env = { PS1: PROMPT, HISTFILE: '/dev/null', INPUTRC: '/dev/null', ...options.env };
  if (kind === 'ripcord') {
    const logFile = path.join(options.dir, 'ripcord.log');
    const args = [
      'run',
      '--log',
      logFile,
      '--config',
      options.configFile ?? path.join(options.dir, 'no-config.json'),
      '--cwd',
      options.dir,
    ];
    if (options.killGraceMs !== undefined) args.push('--kill-grace', String(options.killGraceMs));
    return { program: new PtyProgram(...ripcordCommand([...args, '--', ...command]), { env, cwd: options.dir }), logFile };
  }
  const host =
    kind === 'floor'
      ? [FLOOR_HOST]
      : kind === 'floor-settings'
        ? [FLOOR_SETTINGS_HOST, '--config', options.configFile ?? path.join(options.dir, 'no-config.json')]
        : [NAIVE_HOST];
  return {
    program: new PtyProgram(process.execPath, [...host, '--', ...command], { env: { ...env, HOME: options.dir }, cwd: options.dir }),
    logFile: undefined,
  };
}

/**
 * The command a user types, bin/ripcord (a sh script that starts node on dist/cli.js); with
 * RIPCORD_DIST (another build, without its bin/) node on that build's cli.js.
 */
function ripcordCommand(args: string[]): [string, string[]] {
  return DIST_OVERRIDDEN ? [process.execPath, [CLI, ...args]] : [RIPCORD_COMMAND, args];
}

/** Cleanup after a terminal-host run: the pty, and every marked process (counted). */
export async function stopTerminalHost(program: PtyProgram, marker: string): Promise<number> {
  program.dispose();
  const left = (await markedProcesses(marker)).length;
  await killMarked(marker);
  return left;
}
