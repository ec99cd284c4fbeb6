// `ripcord run … &` (docs/usage-run.md, "In the background"): a background job that reads its
// terminal or changes its settings is stopped by the kernel (SIGTTIN, SIGTTOU: "Stopped (tty
// output)"). So ripcord takes the terminal — raw mode, reading keys — only once it is in the
// foreground: at once when started there, else after the shell's `fg`.
import { type Disposable, toDisposable } from '../core/disposable';
import { holdsForeground, ownershipNow, readOwnership, type TerminalOwnership } from './terminal-loss';

/** Between the shell's `fg` and raw mode; `fg` also sends SIGCONT, which checks at once. */
export const FOREGROUND_WAIT_POLL_MS = 250;

/** Without a controlling terminal (tpgid -1) no job control can stop it either; without /proc, nobody can say. */
function mayTakeTerminal(now: TerminalOwnership | undefined): boolean {
  return now === undefined || now.tpgid <= 0 || holdsForeground(now);
}

/**
 * Runs `then` once this process is in its terminal's foreground: synchronously when it already
 * is (the usual start, whose keys then never meet a cooked terminal), else after `fg`.
 */
export function whenInForeground(then: () => void): Disposable {
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  if (mayTakeTerminal(ownershipNow())) {
    then();
    return toDisposable(() => undefined);
  }
  const check = async (): Promise<void> => {
    clearTimeout(timer);
    const now = await readOwnership();
    if (done) return;
    if (mayTakeTerminal(now)) {
      stop();
      then();
      return;
    }
    timer = setTimeout(() => void check(), FOREGROUND_WAIT_POLL_MS);
  };
  const onContinued = (): void => void check();
  const stop = (): void => {
    done = true;
    clearTimeout(timer);
    process.off('SIGCONT', onContinued);
  };
  process.on('SIGCONT', onContinued);
  timer = setTimeout(() => void check(), FOREGROUND_WAIT_POLL_MS);
  return toDisposable(stop);
}
