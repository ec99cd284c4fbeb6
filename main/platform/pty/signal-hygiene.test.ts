import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkHostSignalMask, readSignalMasks, signalsIn } from './signal-hygiene';
import { parseProcStatus } from '../processes/proc-files';
import { bundle, BUNDLE_ENV, killMarked, newMarker, tempDir } from '../processes/processes.test-support';

// A host that spawns a session whose root is `cat` (argv[0] = the marker) and reports masks.
const HOST_SOURCE = `
import { readFile } from 'node:fs/promises';
import { spawnSession } from './session';
import { checkHostSignalMask, readSignalMasks } from './signal-hygiene';
const marker = process.argv[2] as string;
const log = { event() {}, warn() {}, error() {} };
void (async () => {
  const spawned = await spawnSession({ file: '/bin/bash', args: ['-c', 'exec -a "$0" cat', marker], cols: 80, rows: 24 });
  if (!spawned.ok) throw new Error(spawned.error);
  const pid = spawned.value.pid;
  for (let i = 0; i < 200; i++) {  // until bash has exec'd cat
    const cmdline = await readFile('/proc/' + pid + '/cmdline', 'utf8').catch(() => '');
    if (cmdline.startsWith(marker + '\\0')) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const child = readSignalMasks(pid);
  const host = readSignalMasks('self');
  const hostBlocked = await checkHostSignalMask(log);
  process.stdout.write(JSON.stringify({ child: child && String(child.blocked) + ' ' + String(child.ignored), host: host && String(host.blocked) + ' ' + String(host.ignored), hostBlocked }) + '\\n');
  spawned.value.dispose();
  process.exit(0);
})();
`;

// Ways to start a host with HUP/INT/TERM ignored (and blocked, where the tool can).
const WRAPPERS: Record<string, string[]> = {
  'env --ignore-signal --block-signal': ['env', '--ignore-signal=HUP,INT,TERM', '--block-signal=HUP,INT,TERM'],
  'sh -c "trap \'\' HUP INT TERM"': ['sh', '-c', `trap '' HUP INT TERM; exec "$0" "$@"`],
  nohup: ['nohup'],
};

let tmp: Awaited<ReturnType<typeof tempDir>>;
let hostScript: string;
let marker = newMarker();
beforeAll(async () => {
  tmp = await tempDir();
  hostScript = await bundle(path.join(tmp.dir, 'hygiene-host.js'), { source: HOST_SOURCE, resolveDir: __dirname });
});
afterAll(async () => {
  await tmp.dispose();
});
afterEach(async () => {
  await killMarked(marker);
  marker = newMarker();
});

const run = promisify(execFile);
const masksOf = (text: string): { blocked: bigint; ignored: bigint } => {
  const [blocked, ignored] = text.split(' ').map(BigInt);
  return { blocked: blocked ?? -1n, ignored: ignored ?? -1n };
};

describe('signal hygiene', () => {
  it('reads SigBlk/SigIgn and names the termination signals in a mask', async () => {
    expect(parseProcStatus('Name:\tx\nSigBlk:\t0000000000000002\nSigIgn:\t0000000000004001\n')).toEqual({ blocked: 2n, ignored: 0x4001n });
    expect(signalsIn(0x4003n)).toEqual(['SIGHUP', 'SIGINT', 'SIGTERM']);
    expect(signalsIn(1n << 12n)).toEqual([]); // SIGPIPE is not ours to care about
    expect(readSignalMasks(process.pid)).toBeDefined();
    expect(await checkHostSignalMask({ event() {}, warn() {}, error() {} })).toEqual([]);
  });

  for (const [name, wrapper] of Object.entries(WRAPPERS)) {
    it(`session children start clean when the host runs under ${name}`, async () => {
      // the wrapper really hands SIGINT over ignored: a plain program inherits it
      const probe = await run(wrapper[0] as string, [...wrapper.slice(1), 'cat', '/proc/self/status'], { cwd: tmp.dir });
      const inherited = parseProcStatus(probe.stdout);
      expect(signalsIn(inherited.ignored ?? 0n)).toContain(name === 'nohup' ? 'SIGHUP' : 'SIGINT');
      if (name.includes('--block-signal')) expect(signalsIn(inherited.blocked ?? 0n)).toContain('SIGINT');

      const host = spawn(wrapper[0] as string, [...wrapper.slice(1), process.execPath, hostScript, marker], {
        env: BUNDLE_ENV,
        cwd: tmp.dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      host.stdout.on('data', (c: Buffer) => {
        out += c.toString();
      });
      await new Promise((resolve) => host.on('exit', resolve));
      const report = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { child?: string; hostBlocked?: string[] };
      expect(report.child).toBeDefined();
      const child = masksOf(report.child ?? '');
      expect(signalsIn(child.blocked)).toEqual([]);
      expect(signalsIn(child.ignored)).toEqual([]);
      expect(report.hostBlocked).toEqual([]);
    });
  }
});
