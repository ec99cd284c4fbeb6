// Whether Chromium's namespace sandbox can start here: a user namespace with a uid map and a pid
// namespace in it (native/userns-probe). The launcher runs it in the Electron binary that would
// start the app (start-facts.ts), because an AppArmor profile applies per binary.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { loadNativeModule } from '../platform/files/native-module';

export type UsernsProbe = { ok: true } | { ok: false; error: string };

/** How long the probe may take in a starting Electron before the launcher gives up on it. */
const PROBE_TIMEOUT_MS = 10_000;
/** What can fail, by the native module's step numbers. */
const STEPS = [
  '',
  'fork',
  'unshare(CLONE_NEWUSER)',
  'writing the uid map',
  'unshare(CLONE_NEWPID)',
  "starting the pid namespace's first process",
  "reading the probe's answer",
];

interface NativeProbe {
  /** [step, errno]; step 0: it all worked */
  probe(): [number, number];
}

/** The probe in this process (the probe script's side). */
export function probeHere(): UsernsProbe {
  if (process.platform !== 'linux') return { ok: false, error: `not available on ${process.platform}` };
  const loaded = loadNativeModule<NativeProbe>('userns-probe', 'userns_probe.node', 'the user-namespace probe module');
  if (!loaded.ok) return loaded;
  const [step, errno] = loaded.value.probe();
  if (step === 0) return { ok: true };
  const code = Object.entries(constants.errno).find(([, value]) => value === errno)?.[0] ?? (errno === 0 ? 'failed' : `errno ${errno}`);
  return { ok: false, error: `${STEPS[step] ?? `step ${step}`}: ${code}` };
}

/** The probe run in `electron` as Node (ELECTRON_RUN_AS_NODE=1) on the probe bundle beside this one. */
export function probeInElectron(electron: string, script = path.join(__dirname, 'userns-probe.js')): Promise<UsernsProbe> {
  return new Promise((resolve) => {
    const child = spawn(electron, [script], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (data: string) => (out += data));
    child.stderr.setEncoding('utf8').on('data', (data: string) => (err += data));
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, error: `cannot run ${electron}: ${error.message}` });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      try {
        // the probe's answer is another process's output: checked, not trusted
        const answer = JSON.parse(out) as { ok?: unknown; error?: unknown } | null;
        if (answer?.ok === true) return resolve({ ok: true });
        if (answer?.ok === false && typeof answer.error === 'string') return resolve({ ok: false, error: answer.error });
      } catch {
        // said below
      }
      const how = signal
        ? `was killed by ${signal}${signal === 'SIGKILL' ? ` after ${PROBE_TIMEOUT_MS / 1000} s` : ''}`
        : `exited with ${code}`;
      resolve({
        ok: false,
        error: `the probe in ${electron} ${how} without an answer${err.trim() ? `: ${err.trim().split('\n')[0]}` : ''}`,
      });
    });
  });
}
