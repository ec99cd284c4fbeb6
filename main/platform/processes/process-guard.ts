// Keeps same-user processes out of ripcord's own (DESIGN §4, threat model): the host and the
// Node reaper make themselves non-dumpable at their start, as ssh-agent does, so a session
// process can neither ptrace them nor read their memory or descriptors through /proc. The prctl
// call is our native module's (native/process-guard; this is the only file that loads it).
import { constants } from 'node:os';
import { loadNativeModule } from '../files/native-module';

interface NativeGuard {
  /** 0, or the errno prctl failed with */
  setNonDumpable(): number;
  /** 1 or 0; -1 when it cannot be read */
  isDumpable(): number;
}

export type GuardResult = { ok: true } | { ok: false; error: string };

/** prctl(PR_SET_DUMPABLE, 0) for this process; Linux only (elsewhere a value saying so). */
export function makeNonDumpable(): GuardResult {
  if (process.platform !== 'linux') return { ok: false, error: `not available on ${process.platform}` };
  const loaded = loadNativeModule<NativeGuard>('process-guard', 'process_guard.node', 'the process guard module');
  if (!loaded.ok) return loaded;
  const errno = loaded.value.setNonDumpable();
  if (errno === 0 && loaded.value.isDumpable() === 0) return { ok: true };
  const code = Object.entries(constants.errno).find(([, value]) => value === errno)?.[0] ?? `errno ${errno}`;
  return { ok: false, error: `prctl(PR_SET_DUMPABLE, 0) failed: ${code}` };
}
