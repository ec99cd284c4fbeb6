import { DisposableStore, type Disposable, toDisposable } from '../core/disposable';
import type { Trigger } from '../core/exit-decisions';
import type { Listens } from '../core/listens';
import type { Logger } from '../platform/log/log';

export type SignalSource = Listens<NodeJS.Signals, () => void>;

/**
 * DESIGN §3: the host signals and what they mean, for every host. SIGINT is a press, like the
 * key — before the spawn too; the exit codes of the others are ExitDecisionTable'.
 */
export const SIGNAL_TRIGGERS: readonly [NodeJS.Signals, Trigger][] = [
  ['SIGINT', { kind: 'sigint' }],
  ['SIGTERM', { kind: 'sigterm' }],
  ['SIGHUP', { kind: 'sighup' }],
];

/**
 * SIGINT/SIGTERM/SIGHUP to the host go to the state machine / exit now (DESIGN §3).
 * Desktop: install after app 'ready': Chromium installs its own shutdown handlers (→ app.quit,
 * which would exit with 0) while the app starts, and the handler installed last is the one that runs.
 */
export function installSignalTriggers(options: {
  signals: SignalSource;
  trigger: (trigger: Trigger) => void;
  log: Pick<Logger, 'event'>;
}): Disposable {
  const { signals, trigger, log } = options;
  const store = new DisposableStore();
  for (const [signal, signalTrigger] of SIGNAL_TRIGGERS) {
    const listener = (): void => {
      log.event('signal', { signal });
      trigger(signalTrigger);
    };
    signals.on(signal, listener);
    store.add(toDisposable(() => signals.removeListener(signal, listener)));
  }
  return store;
}
