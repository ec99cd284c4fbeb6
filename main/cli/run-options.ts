import { parseArgs } from 'node:util';
import { parseArgsProblem } from './usage-error';
import type { Result } from '../../contracts/result';

/** What `ripcord run` was asked to do, after the command line was checked. */
export interface RunOptions {
  help: boolean;
  version: boolean;
  cwd?: string;
  configFile?: string;
  logFile?: string;
  killGraceMs?: number;
  /** undefined: the configured shell ($SHELL, else /bin/sh) */
  command?: { file: string; args: string[] };
}

export type RunOptionsResult = Result<RunOptions>;

const OPTIONS = {
  cwd: { type: 'string' },
  config: { type: 'string' },
  log: { type: 'string' },
  'kill-grace': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

export const RUN_USAGE = `Usage: ripcord run [options] [--] [CMD [ARGS...]]

Run CMD (default: your shell) in a pseudo-terminal inside this terminal, with ripcord's
exit guarantees: Ctrl+C cancels, a second Ctrl+C within the double-press interval
(a second by default) quits (exit 130), /exit, /quit, exit or quit typed at the root
shell's own prompt quits (exit 0; see docs/exit-commands.md — a program that reads
lines gets them as lines), and no process of the session outlives ripcord.

Options:
  --cwd DIR          working directory of CMD (default: the current directory)
  --config FILE      settings file (default: $RIPCORD_CONFIG, else the XDG config file)
  --log FILE         event log (default: $RIPCORD_LOG, else the XDG state directory)
  --kill-grace MS    SIGHUP, then SIGTERM at MS/2, then SIGKILL at MS (default: config, 2000)
  -h, --help         show this help
  -V, --version      show the version

Options end at the first word that is not an option, or at "--": everything after it
is CMD and its arguments, passed on untouched.`;

/**
 * Parses `ripcord run` arguments. Options stop at the first positional argument, as with
 * POSIX getopt, so `ripcord run bash -c 'echo hi'` hands `-c` to bash: a tolerant first pass
 * finds where CMD starts, then a strict pass checks everything before it.
 */
export function parseRunArgs(args: readonly string[]): RunOptionsResult {
  const commandStart = findCommandStart(args);
  const own = args.slice(0, commandStart.optionsEnd);
  const command = args.slice(commandStart.commandBegin);
  let values: ReturnType<typeof parseOwn>;
  try {
    values = parseOwn(own);
  } catch (error) {
    return { ok: false, error: parseArgsProblem((error as Error).message) };
  }
  const options: RunOptions = { help: values.help === true, version: values.version === true };
  if (values.cwd !== undefined) options.cwd = values.cwd;
  if (values.config !== undefined) options.configFile = values.config;
  if (values.log !== undefined) options.logFile = values.log;
  if (values['kill-grace'] !== undefined) {
    const grace = parseMilliseconds(values['kill-grace']);
    if (grace === undefined) {
      return { ok: false, error: `--kill-grace: expected a whole number of milliseconds, got '${values['kill-grace']}'` };
    }
    options.killGraceMs = grace;
  }
  const [file, ...rest] = command;
  if (file !== undefined) options.command = { file, args: rest };
  return { ok: true, value: options };
}

function parseOwn(args: string[]) {
  return parseArgs({ args, options: OPTIONS, allowPositionals: false, strict: true }).values;
}

/** Where ripcord's own options end and where CMD begins (they differ by a `--`). */
function findCommandStart(args: readonly string[]): { optionsEnd: number; commandBegin: number } {
  const { tokens } = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'option-terminator') return { optionsEnd: token.index, commandBegin: token.index + 1 };
    if (token.kind === 'positional') return { optionsEnd: token.index, commandBegin: token.index };
  }
  return { optionsEnd: args.length, commandBegin: args.length };
}

function parseMilliseconds(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}
