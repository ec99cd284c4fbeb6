// The one shape of a command-line mistake, for `ripcord` and every subcommand: what is wrong on
// one line, then where the help is, exit 2 (README's exit codes). No usage text is dumped: the
// problem stays the last thing the user reads.
import { EXIT_CODE_USAGE } from '../core/exit-codes';
import { visibleText } from '../core/visible-text';

/** Writes `ripcord[ SUBCOMMAND]: problem` and `Try 'ripcord[ SUBCOMMAND] --help'.`; returns 2. */
export function usageError(
  subcommand: string | undefined,
  problem: string,
  write: (text: string) => void = (text) => process.stderr.write(text),
): number {
  const command = subcommand === undefined ? 'ripcord' : `ripcord ${subcommand}`;
  write(`${command}: ${visibleText(problem)}\nTry '${command} --help'.\n`);
  return EXIT_CODE_USAGE;
}

/** Node's parseArgs messages, in this voice: "Unknown option '--x'. To specify…" → "unknown option '--x'". */
export function parseArgsProblem(message: string): string {
  const first = message.split('. ')[0] ?? message;
  return first.charAt(0).toLowerCase() + first.slice(1);
}
