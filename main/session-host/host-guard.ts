import type { Logger } from '../platform/log/log';
import { makeNonDumpable } from '../platform/processes/process-guard';

/** What a signal aimed at the app's process group does to the session host: nothing but a log line. */
const IGNORED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * The session host outlives no gesture of the user's but main's decision (DESIGN §1): a Ctrl+C in
 * the terminal that started the app, or a signal to its process group, is main's to decide, so the
 * host ignores them; and no same-user process may ptrace it or read its memory (the sessions'
 * output and the control socket's secrets are there).
 */
export function guardSessionHost(log: Logger): void {
  for (const signal of IGNORED_SIGNALS) process.on(signal, () => log.event('host.signal-ignored', { signal }));
  const guard = makeNonDumpable();
  log.event('host.non-dumpable', guard.ok ? { ok: true } : { ok: false, error: guard.error });
}
