// Every exit code ripcord itself chooses (DESIGN §3), in one table. A session that ends by
// itself passes its own code through (128 + the signal when a signal ended it).
import { SIGNAL_NUMBERS } from './signals';

/** The user asked to leave normally: window close, an exit command. */
export const EXIT_CODE_CLEAN = 0;
/** The window is closed after the program could not be started: the run failed. */
export const EXIT_CODE_START_FAILED = 1;
/** Bad settings given on the command line. */
export const EXIT_CODE_USAGE = 2;
/** ripcord itself failed (sysexits EX_SOFTWARE), apart from the codes a child commonly uses. */
export const EXIT_CODE_INTERNAL_ERROR = 70;
/** The program could not be started by `ripcord run`: the shells' "command not found". */
export const EXIT_CODE_CANNOT_START = 127;
/** Shell convention: a process ended by signal N exits 128 + N. */
export const EXIT_CODE_SIGNAL_BASE = 128;
/** 128 + SIGHUP: 129 */
export const EXIT_CODE_HANGUP = EXIT_CODE_SIGNAL_BASE + SIGNAL_NUMBERS.HUP;
/** 128 + SIGINT, 130: the user interrupted (double Ctrl+C, double SIGINT, the global shortcut). */
export const EXIT_CODE_INTERRUPT = EXIT_CODE_SIGNAL_BASE + SIGNAL_NUMBERS.INT;
/** 128 + SIGTERM: 143 */
export const EXIT_CODE_TERMINATED = EXIT_CODE_SIGNAL_BASE + SIGNAL_NUMBERS.TERM;

/** node-pty reports signal 0 for a normal exit, so only a positive signal number counts. */
export function sessionExitCode(exitCode: number, signal: number | undefined): number {
  return signal !== undefined && signal > 0 ? EXIT_CODE_SIGNAL_BASE + signal : exitCode;
}
