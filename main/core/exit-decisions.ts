import type { CtrlCState } from './ctrl-c-state';
import {
  EXIT_CODE_CLEAN,
  EXIT_CODE_HANGUP,
  EXIT_CODE_INTERRUPT,
  EXIT_CODE_START_FAILED,
  EXIT_CODE_TERMINATED,
  sessionExitCode,
} from './exit-codes';

export type Trigger =
  // key press (desktop) or an input chunk that is exactly \x03; `press`: the pane's key press number (DESIGN §6's hold)
  | { kind: 'ctrl-c'; press?: number }
  | { kind: 'sigint' }
  | { kind: 'sigterm' }
  | { kind: 'sighup' }
  | { kind: 'global-shortcut' }
  | { kind: 'window-close' }
  | { kind: 'exit-command'; line: string }
  | { kind: 'session-ended'; exitCode: number; signal?: number };

/** The end of an exit reason given by a double press ("ctrl-c double press", "sigint double press"). */
const DOUBLE_PRESS = 'double press';

/** The exit was the user's double press: ripcord cut the program short (not its own end, not a signal from elsewhere). */
export function isDoublePressExit(reason: string): boolean {
  return reason.endsWith(` ${DOUBLE_PRESS}`);
}

export type Decision =
  | { action: 'cancel' } // write \x03 to the pty
  | { action: 'ignore' } // debounced press
  | { action: 'exit'; code: number; reason: string } // run the exit path now
  | { action: 'already-exiting'; code: number }; // idempotence: no-op, first code kept

/**
 * DESIGN §3 in one place: what a trigger does and with which exit code, from the trigger, the
 * Ctrl+C state machine and what it decided before. The host acts on the decision; whether an
 * exit command applies (foreground, alternate screen) is the host's check before it builds the
 * trigger. The first exit decision wins for good.
 */
export class ExitDecisionTable {
  private code: number | undefined;
  private startFailed = false;

  constructor(private readonly state: CtrlCState) {}

  get exitCode(): number | undefined {
    return this.code;
  }

  /**
   * The program could not be started: the window shows why, and every way out the user takes —
   * its close, a double Ctrl+C (or SIGINT), the global shortcut — exits EXIT_CODE_START_FAILED,
   * the code the window names (DESIGN §3); SIGTERM and SIGHUP keep their signal's code.
   */
  markStartFailed(): void {
    this.startFailed = true;
  }

  /** An exit the host chose (internal error, program cannot start): decided like a trigger's, first wins. */
  exitWith(code: number, reason: string): Decision {
    if (this.code !== undefined) return { action: 'already-exiting', code: this.code };
    return this.exitNow(code, reason);
  }

  decide(trigger: Trigger, now?: number): Decision {
    if (this.code !== undefined) return { action: 'already-exiting', code: this.code };
    switch (trigger.kind) {
      case 'ctrl-c':
      case 'sigint':
        // SIGINT is the same user gesture from another path: one state machine for both.
        return this.press(trigger.kind, now);
      case 'sigterm':
        return this.exitNow(EXIT_CODE_TERMINATED, 'sigterm');
      case 'sighup':
        return this.exitNow(EXIT_CODE_HANGUP, 'sighup');
      case 'global-shortcut':
        return this.exitNow(this.startFailed ? EXIT_CODE_START_FAILED : EXIT_CODE_INTERRUPT, 'global-shortcut');
      case 'window-close':
        return this.exitNow(this.startFailed ? EXIT_CODE_START_FAILED : EXIT_CODE_CLEAN, 'window-close');
      case 'exit-command':
        return this.exitNow(EXIT_CODE_CLEAN, `exit-command ${JSON.stringify(trigger.line.trim())}`);
      case 'session-ended':
        return this.exitNow(sessionExitCode(trigger.exitCode, trigger.signal), 'session-ended');
    }
  }

  private press(kind: 'ctrl-c' | 'sigint', now: number | undefined): Decision {
    const outcome = now === undefined ? this.state.register() : this.state.register(now);
    if (outcome === 'cancel') return { action: 'cancel' };
    if (outcome === 'ignored') return { action: 'ignore' };
    return this.decided(this.startFailed ? EXIT_CODE_START_FAILED : EXIT_CODE_INTERRUPT, `${kind} ${DOUBLE_PRESS}`);
  }

  private exitNow(code: number, reason: string): Decision {
    this.state.requestExit();
    return this.decided(code, reason);
  }

  private decided(code: number, reason: string): Decision {
    this.code = code;
    return { action: 'exit', code, reason };
  }
}
