// The `ripcord` command (bin/ripcord runs the dist/cli.js bundle of this file with node).
import path from 'node:path';
import { version } from '../../package.json';
import { visibleLines } from '../core/visible-text';
import { parseRunArgs, RUN_USAGE } from './run-options';
import { runTerminalHost } from './terminal-host';
import { restoreLauncherEnv } from './launcher-env';
import { usageError } from './usage-error';

const launcher = restoreLauncherEnv();

/**
 * The other subcommands, from their own bundle beside this one (subcommands.ts), read only when
 * used: `ripcord run`'s first prompt waits for every byte of this bundle to be read and compiled.
 */
type Subcommands = typeof import('./subcommands');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime path, so the bundler leaves the other bundle alone
const subcommands = (): Subcommands => require(path.join(__dirname, 'subcommands.js')) as Subcommands;
const runStats = async (args: string[]): Promise<number> => subcommands().runStats(args);
const launchDesktop = async (args: string[]): Promise<number> =>
  subcommands().launchDesktop(args, { packagedElectron: launcher.packagedElectron });
const runDoctor = async (args: string[]): Promise<number> => subcommands().runDoctor(args, launcher);
const runPs = async (args: string[]): Promise<number> => subcommands().runPs(args);
const runStop = async (args: string[]): Promise<number> => subcommands().runStop(args);
const runLast = async (args: string[]): Promise<number> => subcommands().runLast(args);

interface Subcommand {
  summary: string;
  /** resolves to the process's exit code */
  run(args: string[]): Promise<number>;
}

/** `ripcord <name> ...`; a new subcommand is one entry here. */
const SUBCOMMANDS: Record<string, Subcommand> = {
  run: { summary: "run a program in this terminal with ripcord's exit guarantees", run: runSubcommand },
  stats: { summary: 'latency of Ctrl+C, exits and stalls, from the log', run: runStats },
  doctor: { summary: 'containment and its limits; whether the desktop app and its global shortcut work', run: runDoctor },
  ps: { summary: 'every running session of this user with its processes', run: runPs },
  stop: { summary: "stop a session's foreground job or one process (SESSION [PID|--job])", run: runStop },
  last: { summary: 'what a finished session printed ([N] [--raw | --cast])', run: runLast },
};

function usage(): string {
  const width = Math.max(...Object.keys(SUBCOMMANDS).map((name) => name.length));
  const lines = Object.entries(SUBCOMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `Usage: ripcord [--no-sandbox]        open the desktop terminal
       ripcord <command> [options]
       ripcord --help | --version

Commands:
${lines.join('\n')}

Run "ripcord <command> --help" for a command's options.`;
}

async function runSubcommand(args: string[]): Promise<number> {
  const parsed = parseRunArgs(args);
  if (!parsed.ok) return usageError('run', parsed.error);
  if (parsed.value.help) return print(RUN_USAGE);
  if (parsed.value.version) return print(version);
  return runTerminalHost(parsed.value);
}

function print(text: string): number {
  process.stdout.write(`${text}\n`);
  return 0;
}

/** Options of the desktop app: --no-sandbox turns Chromium's sandbox off (docs/troubleshooting.md). */
const DESKTOP_OPTIONS: readonly string[] = ['--no-sandbox'];

/** Dispatches argv (without node and the script) and resolves to the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) return launchDesktop([]);
  if (argv.every((arg) => DESKTOP_OPTIONS.includes(arg))) return launchDesktop([...argv]);
  if (first === '--help' || first === '-h') return print(usage());
  if (first === '--version' || first === '-V') return print(version);
  const subcommand = Object.hasOwn(SUBCOMMANDS, first) ? SUBCOMMANDS[first] : undefined;
  if (subcommand) return subcommand.run(rest);
  // The desktop app takes no options: a mistyped one is said here, before any download.
  return usageError(undefined, first.startsWith('-') ? `unknown option '${first}'` : `unknown command '${first}'`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`ripcord: ${visibleLines(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
    process.exit(1);
  },
);
