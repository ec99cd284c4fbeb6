// A host for the stalled-main-loop stress: the parts every ripcord host is made of (log,
// reaper, SessionLifecycle, watchdog) with input from stdin, plus one thing no real host has —
// on SIGUSR2 its main loop does 2 s of synchronous work, the stall the watchdog must report.
//   node busy-host.js --log FILE --dist DIR [--env KEY=VALUE]... -- PROGRAM ARGS...
import path from 'node:path';
import { DEFAULT_CONFIG } from '../../main/core/config';
import { SessionLifecycle } from '../../main/lifecycle/session-lifecycle';
import { openLog } from '../../main/platform/log/log';
import { ReaperClient } from '../../main/platform/reaper-client/reaper-client';
import { startWatchdog } from '../../main/desktop/watchdog';

/** The stall of issue 7 §2. */
export const BUSY_MS = 2_000;
const KILL_GRACE_MS = 300;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const dist = option('--dist') ?? process.cwd();
  const log = openLog({ file: option('--log') });
  const env: Record<string, string> = {};
  process.argv.forEach((arg, i) => {
    const value = process.argv[i + 1];
    if (arg === '--env' && value !== undefined) env[value.slice(0, value.indexOf('='))] = value.slice(value.indexOf('=') + 1);
  });
  const [file, ...args] = process.argv.slice(process.argv.indexOf('--') + 1);
  const reaper = ReaperClient.start({ killGraceMs: KILL_GRACE_MS, logFile: log.file, script: path.join(dist, 'reaper.js') });
  startWatchdog(log, { script: path.join(dist, 'watchdog.js') });
  const lifecycle = new SessionLifecycle({
    config: { ...DEFAULT_CONFIG, env, killGraceMs: KILL_GRACE_MS },
    log,
    reaper,
    host: { restore: () => undefined, exit: (code) => process.exit(code) },
    command: { file: file ?? '/bin/sh', args },
  });
  lifecycle.onStartFailed((error) => {
    process.stderr.write(`busy-host: ${error}\n`);
    process.exit(1);
  });
  lifecycle.onOutput((data) => lifecycle.ack(data.length));
  lifecycle.resize(100, 30);
  process.stdin.setEncoding('utf8').on('data', (data: string) => lifecycle.input(data));
  // The test that drives it is gone (or done): hang up like a closed terminal.
  process.stdin.on('end', () => lifecycle.trigger({ kind: 'sighup' }));
  process.on('SIGUSR2', () => {
    log.event('stress.busy.begin');
    log.flushSync();
    const end = performance.now() + BUSY_MS;
    while (performance.now() < end) {
      // the stall: nothing else runs on this thread meanwhile
    }
    log.event('stress.busy.end');
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`busy-host: ${String(error)}\n`);
  process.exit(1);
});
