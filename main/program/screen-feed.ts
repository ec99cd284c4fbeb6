import { IpcChannel, type HintState, type ScreenTarget, type SessionNotice } from '../../contracts/renderer';
import { DisposableBase } from '../core/disposable';
import { visibleText } from '../core/visible-text';
import { uncontainedNotice, unreachableNotice } from '../platform/containment/containment-notice';
import type { Logger } from '../platform/log/log';
import type { GuardedSession } from './guarded-session';
import { ProcessFeed } from './tools/process-feed';

/** The page's screen, as a program's events reach it: a MessagePort, or the harness host's WebSocket. */
export interface ScreenChannel {
  /** one event: its channel and arguments (the host's screen puts the pane's id first) */
  send(channel: string, ...args: unknown[]): void;
}

/**
 * What a running program shows in its pane, sent straight to the page by the process that runs
 * it (the session host): its output with the hold and flush of a cut (one channel, so they stay
 * in order), the hint, a missing container's notice and the process view; and the page's acks
 * and stop requests, straight back (ScreenTarget).
 */
export class ScreenFeed extends DisposableBase implements ScreenTarget {
  private readonly feed: ProcessFeed | undefined;

  constructor(
    private readonly program: GuardedSession,
    screen: ScreenChannel,
    log: Logger,
  ) {
    super();
    // DESIGN §6: main holds the screen at each key press; the host answers with the press's
    // number — the cut's flush, or the hold's end without one — so a hold that reaches the page
    // after its answer (another channel: nothing orders them) is known to be late
    this.register(program.onFlush(() => screen.send(IpcChannel.flush, program.lastPress)));
    this.register(
      program.onHold((holding) => {
        if (!holding) screen.send(IpcChannel.hold, false, program.lastPress);
      }),
    );
    this.register(program.onOutput((data) => screen.send(IpcChannel.data, data)));
    this.register(program.onHint((hint) => screen.send(IpcChannel.hint, hint satisfies HintState)));
    // a session without its container or its control socket says so in the window (DESIGN §4: no silent downgrade);
    // written into the page: a reason with ESC in it must not become a sequence
    const notices = [
      uncontainedNotice(program.container.kind, program.container.reason),
      program.unreachable === undefined ? undefined : unreachableNotice(program.unreachable),
    ];
    for (const notice of notices) {
      if (notice)
        screen.send(IpcChannel.notice, {
          level: 'warning',
          title: notice.title,
          lines: notice.lines.map(visibleText),
        } satisfies SessionNotice);
    }
    this.feed =
      program.control &&
      this.register(
        new ProcessFeed(
          program.control,
          {
            view: (view) => screen.send(IpcChannel.processes, view),
            count: (count) => screen.send(IpcChannel.processCount, count),
            foreground: (program) => screen.send(IpcChannel.foreground, program),
            outcome: (outcome) => screen.send(IpcChannel.stopOutcome, outcome),
          },
          log,
        ),
      );
  }

  ack(chars: number): void {
    this.program.ack(chars);
  }

  stopJob(): void {
    this.feed?.stopJob();
  }

  stopProcess(pid: number): void {
    this.feed?.stopProcess(pid);
  }

  watchProcesses(open: boolean): void {
    this.feed?.watch(open);
  }
}
