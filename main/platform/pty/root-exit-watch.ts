import { type Disposable, toDisposable } from '../../core/disposable';

/** node-pty's waitpid thread reaps the root within a ms of its exit; look this often... */
const REAP_POLL_MS = 5;
/** ...this many times after each SIGCHLD (other children send one too). */
const REAP_POLLS = 10;

/**
 * Calls `onGone` once the session's root process is gone. node-pty reports the exit only when
 * the pty closes — or 200 ms later, when processes the root left behind hold the pty open —
 * but a session's end must reach the host sooner (DESIGN §3). Every SIGCHLD says some child
 * changed; kill(pid, 0) failing with ESRCH says the root exited and was reaped.
 */
export function watchRootExit(pid: number, onGone: () => void): Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const stop = (): void => {
    done = true;
    clearTimeout(timer);
    process.off('SIGCHLD', onChild);
  };
  const check = (pollsLeft: number): void => {
    timer = undefined;
    if (done) return;
    if (!isRunning(pid)) {
      stop();
      onGone();
    } else if (pollsLeft > 0) {
      timer = setTimeout(() => check(pollsLeft - 1), REAP_POLL_MS);
    }
  };
  const onChild = (): void => {
    if (timer === undefined) check(REAP_POLLS);
  };
  process.on('SIGCHLD', onChild);
  return toDisposable(stop);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Calls `onChange(true)` when the session's root is stopped (SIGSTOP, or SIGTSTP it chose to
 * obey) and `onChange(false)` when it runs again: a stopped root prints nothing and reads
 * nothing, and nobody would say why. The kernel sends the parent SIGCHLD on both changes;
 * `state` reads the root's one-letter state (T when stopped, t when traced).
 */
export function watchRootStops(
  pid: number,
  state: (pid: number) => Promise<string | undefined>,
  onChange: (stopped: boolean) => void,
): Disposable {
  let stopped = false;
  let done = false;
  const onChild = (): void => {
    void state(pid).then((now) => {
      const isStopped = now === 'T';
      if (done || now === undefined || isStopped === stopped) return;
      stopped = isStopped;
      onChange(stopped);
    });
  };
  process.on('SIGCHLD', onChild);
  return toDisposable(() => {
    done = true;
    process.off('SIGCHLD', onChild);
  });
}
