// Hostile input (DESIGN §8): settings files that are not files, or too big; control characters in
// what ripcord says about them; files ripcord writes (0600 / 0700, never through a symlink, the
// schema copy only in its own config directory); and Ctrl+C in the kitty keyboard protocol with
// lock modifiers. `ripcord run` runs with pipes here (no terminal needed), so its stderr bytes and
// exit code are read exactly.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { MARKER_VARIABLE, newMarker, processesWithMarker } from './processes';
import { assertBundleBuilt, CLI, KILL_GRACE_MS } from './ripcord';
import { sleep, waitUntil } from './tmux';

/** A generous bound for a start-up with defaults and a program that exits at once; not a timing assertion. */
const PROMPT_MS = 15_000;

interface Run {
  code: number | null;
  stderr: Buffer;
  stdout: string;
}

let home: string;
test.beforeAll(() => assertBundleBuilt());
test.beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'ripcord-hostile-'));
});
// the reaper outlives the host by a few ms and may still append its last log lines
test.afterEach(async () => {
  await rm(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

/** Private XDG directories, so nothing of the user's (or of other tests) is read or written. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { RIPCORD_CONFIG: _c, RIPCORD_LOG: _l, ...rest } = process.env;
  return { ...rest, XDG_CONFIG_HOME: path.join(home, 'config'), XDG_STATE_HOME: path.join(home, 'state'), ...extra };
}

/** `ripcord run ARGS` with pipes; `input` chunks are written `gapMs` apart, once stdout shows `inputAfter`. */
function ripcord(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string[]; gapMs?: number; inputAfter?: string } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'run', '--kill-grace', String(KILL_GRACE_MS), ...args], {
      env: options.env ?? env(),
      stdio: 'pipe',
    });
    const stderr: Buffer[] = [];
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ripcord run ${args.join(' ')} did not end within ${PROMPT_MS} ms`));
    }, PROMPT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: Buffer.concat(stderr), stdout });
    });
    void (async () => {
      if (options.inputAfter !== undefined)
        await waitUntil(
          `"${options.inputAfter}" on stdout`,
          () => (stdout.includes(options.inputAfter ?? '') ? true : undefined),
          PROMPT_MS,
        ).catch(() => undefined);
      for (const chunk of options.input ?? []) {
        await sleep(options.gapMs ?? 0);
        child.stdin.write(chunk);
      }
    })();
  });
}

const exitAt3 = ['--', 'sh', '-c', 'exit 3'];

test.describe('settings files that are not settings files', () => {
  const cases: Array<{ kind: string; make: () => Promise<string>; why: RegExp }> = [
    { kind: 'a file that does not exist', make: async () => path.join(home, 'no-such.json'), why: /does not exist/ },
    { kind: '/dev/zero', make: async () => '/dev/zero', why: /is a device, not a regular file/ },
    {
      kind: 'a FIFO',
      make: async () => {
        const fifo = path.join(home, 'fifo.json');
        await promisify(execFile)('mkfifo', [fifo]);
        return fifo;
      },
      why: /is a FIFO, not a regular file/,
    },
    {
      kind: 'a directory',
      make: async () => {
        const dir = path.join(home, 'dir.json');
        await mkdir(dir);
        return dir;
      },
      why: /is a directory, not a regular file/,
    },
    {
      kind: 'a 50 MB file',
      make: async () => {
        const big = path.join(home, 'big.json');
        await writeFile(big, '');
        await truncate(big, 50 * 1024 * 1024);
        return big;
      },
      why: /is 50\.0 MB, more than the 1\.0 MB limit/,
    },
  ];
  for (const { kind, make, why } of cases) {
    test(`--config as ${kind}: one clear line naming it, then the program runs with the defaults`, async () => {
      const file = await make();
      const run = await ripcord(['--config', file, ...exitAt3]);
      expect(run.code).toBe(3);
      const lines = run.stderr.toString().split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`^ripcord: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\(file\\): ${why.source}; using the defaults$`),
      );
    });
  }

  test('--config as a symlink to a valid file is read', async () => {
    const real = path.join(home, 'dotfiles.json');
    await writeFile(real, JSON.stringify({ shell: '/bin/sh', args: ['-c', 'exit 5'] }));
    const link = path.join(home, 'config.json');
    await symlink(real, link);
    const run = await ripcord(['--config', link]);
    expect(run.stderr.toString()).toBe('');
    expect(run.code).toBe(5);
  });

  test("--config /dev/null writes nothing into /dev (the schema copy goes to ripcord's own config directory)", async () => {
    const stray = '/dev/config.schema.json';
    const existed = existsSync(stray);
    await ripcord(['--config', '/dev/null', '--', 'sh', '-c', 'sleep 0.5; exit 3']);
    if (!existed) expect(existsSync(stray)).toBe(false);
    await waitUntil('the schema copy', () => (existsSync(path.join(home, 'config/ripcord/config.schema.json')) ? true : undefined), 5_000);
  });
});

test('a config key with ESC and BEL: the terminal receives no raw control byte from ripcord', async () => {
  const file = path.join(home, 'config.json');
  await writeFile(file, JSON.stringify({ '\u001b]0;PWNED\u0007': 1, fontSize: '\u001b[2J\u009b31m' }));
  const run = await ripcord(['--config', file, ...exitAt3]);
  expect(run.code).toBe(3);
  const text = run.stderr.toString('latin1');
  expect(text).toContain('\\x1b]0;PWNED\\x07: unknown key');
  // every byte ripcord wrote is printable or a line break
  expect([...run.stderr].filter((byte) => (byte < 0x20 && byte !== 0x0a) || byte === 0x7f)).toEqual([]);
  expect(text).not.toMatch(/\xc2[\x80-\x9f]/); // C1 controls, UTF-8 encoded
});

test('a program name with control characters is shown escaped when it cannot start', async () => {
  const run = await ripcord(['--', '/nonexistent/\u001b]0;PWNED\u0007']);
  expect(run.code).toBe(127);
  expect([...run.stderr].filter((byte) => byte < 0x20 && byte !== 0x0a)).toEqual([]);
  expect(run.stderr.toString()).toContain('\\x1b]0;PWNED\\x07');
});

test.describe('files ripcord writes', () => {
  test('the log and the schema copy are 0600 in 0700 directories ripcord created', async () => {
    const run = await ripcord(['--', 'sh', '-c', 'sleep 0.5; exit 3']);
    expect(run.code).toBe(3);
    const log = path.join(home, 'state/ripcord/ripcord.log');
    const schema = path.join(home, 'config/ripcord/config.schema.json');
    expect((await stat(log)).mode & 0o777).toBe(0o600);
    expect((await stat(schema)).mode & 0o777).toBe(0o600);
    for (const dir of ['state', 'state/ripcord', 'config', 'config/ripcord'])
      expect((await stat(path.join(home, dir))).mode & 0o777).toBe(0o700);
  });

  test('symlinks planted at the log path and the schema path are not followed: their targets are unchanged', async () => {
    const logTarget = path.join(home, 'victim-log');
    const schemaTarget = path.join(home, 'victim-schema');
    await writeFile(logTarget, 'precious log\n');
    await writeFile(schemaTarget, 'precious schema\n');
    await mkdir(path.join(home, 'state/ripcord'), { recursive: true });
    await mkdir(path.join(home, 'config/ripcord'), { recursive: true });
    await symlink(logTarget, path.join(home, 'state/ripcord/ripcord.log'));
    await symlink(schemaTarget, path.join(home, 'config/ripcord/config.schema.json'));

    const run = await ripcord(['--', 'sh', '-c', 'sleep 0.5; exit 3']);

    expect(run.code).toBe(3);
    expect(run.stderr.toString()).toMatch(
      /cannot open the log .*ripcord\.log: is a symbolic link, which ripcord does not follow when writing; logging is off/,
    );
    expect(await readFile(logTarget, 'utf8')).toBe('precious log\n');
    expect(await readFile(schemaTarget, 'utf8')).toBe('precious schema\n');
  });
});

test('kitty-protocol Ctrl+C with Caps Lock, then with Num Lock: a cancel, then the exit (130), and no process left', async () => {
  const marker = newMarker();
  // The program ignores SIGINT, so only ripcord's own exit can end it.
  const run = await ripcord(['--', 'sh', '-c', 'trap "" INT; echo ready; sleep 1000'], {
    env: env({ [MARKER_VARIABLE]: marker }),
    // CSI 99;69u = Ctrl (4) + Caps Lock (64); CSI 99;133u = Ctrl + Num Lock (128); 300 ms apart
    input: ['\x1b[99;69u', '\x1b[99;133u'],
    gapMs: 300,
    inputAfter: 'ready',
  });
  expect(run.code).toBe(130);
  const left = await waitUntil(
    'the session to be gone',
    async () => ((await processesWithMarker(marker)).length === 0 ? [] : undefined),
    KILL_GRACE_MS + 5_000,
  ).catch(() => processesWithMarker(marker));
  expect(left).toEqual([]);
});
