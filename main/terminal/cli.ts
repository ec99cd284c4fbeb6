// The `ripcord` command (bin/ripcord.js requires the dist/cli.js bundle of this file).
import { version } from '../../package.json';
import { visibleText, visibleLines } from '../core/visible-text';
import { parseRunArgs, RUN_USAGE } from './run-options';
import { EXIT_CODE_USAGE } from '../core/exit-codes';
import { runTerminalHost } from './terminal-host';

// Loaded when used, not at every start: `ripcord run`'s first prompt waits for what loads first.
const runStats = (args: string[]): Promise<number> => import('./stats').then((m) => m.runStats(args));
const launchDesktop = (args: string[]): Promise<number> => import('./desktop-launcher').then((m) => m.launchDesktop(args));
const runDoctor = (args: string[]): Promise<number> => import('./doctor').then((m) => m.runDoctor(args));
const runPs = (args: string[]): Promise<number> => import('./control-commands').then((m) => m.runPs(args));
const runStop = (args: string[]): Promise<number> => import('./control-commands').then((m) => m.runStop(args));
const runLast = (args: string[]): Promise<number> => import('./last-command').then((m) => m.runLast(args));

interface Subcommand {
  summary: string;
  /** resolves to the process's exit code */
  run(args: string[]): Promise<number>;
}

/** `ripcord <name> ...`; a new subcommand is one entry here. */
const SUBCOMMANDS: Record<string, Subcommand> = {
  run: { summary: 'run a program in this terminal with ripcord\'s exit guarantees', run: runSubcommand },
  stats: { summary: 'latency of Ctrl+C, exits and stalls, from the log', run: runStats },
  doctor: { summary: 'which containment sessions get on this machine, and what it cannot catch', run: runDoctor },
  ps: { summary: 'every running session of this user with its processes', run: runPs },
  stop: { summary: 'stop a session\'s foreground job or one process (SESSION [PID|--job])', run: runStop },
  last: { summary: 'what a finished session printed ([N] [--raw | --cast])', run: runLast },
};

function usage(): string {
  const width = Math.max(...Object.keys(SUBCOMMANDS).map((name) => name.length));
  const lines = Object.entries(SUBCOMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `Usage: ripcord                       open the desktop terminal
       ripcord <command> [options]
       ripcord --help | --version

Commands:
${lines.join('\n')}

Run "ripcord <command> --help" for a command's options.`;
}

async function runSubcommand(args: string[]): Promise<number> {
  const parsed = parseRunArgs(args);
  if (!parsed.ok) return usageError(`run: ${parsed.error}`, 'ripcord run --help');
  if (parsed.options.help) return print(RUN_USAGE);
  if (parsed.options.version) return print(version);
  return runTerminalHost(parsed.options);
}

function print(text: string): number {
  process.stdout.write(`${text}\n`);
  return 0;
}

function usageError(message: string, help = 'ripcord --help'): number {
  process.stderr.write(`ripcord: ${visibleText(message)}\nTry "${help}".\n`);
  return EXIT_CODE_USAGE;
}

/** Dispatches argv (without node and the script) and resolves to the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) return launchDesktop([]);
  if (first === '--help' || first === '-h') return print(usage());
  if (first === '--version' || first === '-V') return print(version);
  const subcommand = Object.hasOwn(SUBCOMMANDS, first) ? SUBCOMMANDS[first] : undefined;
  if (subcommand) return subcommand.run(rest);
  // Options without a command belong to the desktop app, which checks them itself.
  if (first.startsWith('-')) return launchDesktop([...argv]);
  return usageError(`unknown command '${first}'`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`ripcord: ${visibleLines(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
    process.exit(1);
  },
);
