// The `ripcord` command as a user runs it: bin/ripcord (an executable sh script) → node dist/cli.js.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..');
const bin = path.join(root, 'bin/ripcord');
const execFileAsync = promisify(execFile);

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function ripcord(args: string[], env: NodeJS.ProcessEnv = process.env, file = bin): Promise<Result> {
  try {
    const { stdout, stderr } = await execFileAsync(file, args, { env, timeout: 20_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

beforeAll(async () => {
  // `npm test` builds first; a lone `vitest run build/` builds what is missing.
  if (!existsSync(path.join(root, 'dist/cli.js')))
    await execFileAsync(process.execPath, [path.join(root, 'build/bundle.mjs')], { cwd: root });
}, 120_000);

describe('the ripcord command', () => {
  it('--help prints usage and exits 0', async () => {
    const result = await ripcord(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: ripcord/);
    expect(result.stdout).toContain('run');
  });

  it('--version prints the package version and exits 0', async () => {
    const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
    expect(await ripcord(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  // With a downloaded Electron in node_modules, no arguments would open the real app.
  it.skipIf(existsSync(path.join(root, 'node_modules/electron/path.txt')))(
    'without Electron: explains how to get one and that `ripcord run` works, exit 1',
    async () => {
      const empty = await mkdtemp(path.join(os.tmpdir(), 'ripcord-no-electron-'));
      try {
        const result = await ripcord([], { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty });
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain('the desktop app needs an Electron binary, and none was found');
        expect(result.stderr).toContain(path.join(empty, 'electron'));
        expect(result.stderr).toContain('start ripcord again where github.com (or $ELECTRON_MIRROR) can be reached');
        expect(result.stderr).toContain('ELECTRON_OVERRIDE_DIST_PATH');
        expect(result.stderr).toContain('"ripcord run [--] COMMAND..." works without Electron');
      } finally {
        await rm(empty, { recursive: true, force: true });
      }
    },
  );

  // The first start downloads Electron; here it cannot (a mirror that refuses, as offline).
  it.skipIf(existsSync(path.join(root, 'node_modules/electron/path.txt')))(
    'offline first start: one line of progress, one of failure, the guidance, no stack trace, exit 1',
    async () => {
      const result = await ripcord([], {
        ...process.env,
        ELECTRON_MIRROR: 'http://127.0.0.1:9/',
        ELECTRON_OVERRIDE_DIST_PATH: undefined,
        ELECTRON_SKIP_BINARY_DOWNLOAD: undefined,
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.split('\n');
      expect(lines[0]).toMatch(/^ripcord: downloading Electron [\d.]+ for the desktop app/);
      expect(lines[1]).toMatch(/^ripcord: the download did not work: \S*Error: /);
      expect(lines[2]).toBe('ripcord: the desktop app needs an Electron binary, and none was found. Looked at:');
      expect(result.stdout + result.stderr).not.toMatch(/^\s+at /m);
    },
  );

  it('an unknown option (ripcord --bogus, ripcord -x): one line and where the help is, exit 2, no download', async () => {
    for (const option of ['--bogus', '-x']) {
      const result = await ripcord([option], { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/' });
      expect(result).toEqual({ code: 2, stdout: '', stderr: `ripcord: unknown option '${option}'\nTry 'ripcord --help'.\n` });
    }
  });

  // Every subcommand's usage errors have the one shape (main/cli/usage-error.ts); none dumps its usage.
  const USAGE_ERRORS: Array<{ args: string[]; problem: string }> = [
    { args: ['frobnicate'], problem: "unknown command 'frobnicate'" },
    { args: ['run', '--bogus'], problem: "unknown option '--bogus'" },
    { args: ['run', '--cwd'], problem: "option '--cwd <value>' argument missing" },
    { args: ['run', '--kill-grace', 'abc', '--', 'true'], problem: "--kill-grace: expected a whole number of milliseconds, got 'abc'" },
    { args: ['run', '--kill-grace', '5', '--', 'true'], problem: '--kill-grace: must be >= 100, got 5' },
    { args: ['ps', '--nope'], problem: "unknown argument '--nope'" },
    { args: ['stop'], problem: 'expected SESSION [PID|--job]' },
    { args: ['stop', 'x'], problem: 'expected SESSION [PID|--job]' },
    { args: ['stop', '1', 'pid'], problem: "'pid' is not a PID or --job" },
    { args: ['last', '--nope'], problem: "expected [N] [--raw | --cast], got '--nope'" },
    { args: ['last', '--raw', '--cast'], problem: "expected [N] [--raw | --cast], got '--raw --cast'" },
    { args: ['doctor', '--nope'], problem: "unknown option '--nope'" },
    { args: ['stats', '--nope'], problem: "unknown option '--nope'" },
    { args: ['stats', 'a.log', 'b.log'], problem: 'give at most one LOGFILE' },
  ];
  it.each(USAGE_ERRORS)('ripcord $args: "ripcord[ SUBCOMMAND]: problem", the help line, exit 2', async ({ args, problem }) => {
    const command = args[0] === 'frobnicate' ? 'ripcord' : `ripcord ${args[0]}`;
    const result = await ripcord(args, { ...process.env, RIPCORD_CONFIG: undefined, XDG_CONFIG_HOME: os.tmpdir() });
    expect(result).toEqual({ code: 2, stdout: '', stderr: `${command}: ${problem}\nTry '${command} --help'.\n` });
  });

  it('without dist/: says to build first, exit 1', async () => {
    const tree = await mkdtemp(path.join(os.tmpdir(), 'ripcord-no-dist-'));
    try {
      await mkdir(path.join(tree, 'bin'));
      await copyFile(bin, path.join(tree, 'bin/ripcord'));
      await chmod(path.join(tree, 'bin/ripcord'), 0o755);
      const result = await ripcord(['--help'], process.env, path.join(tree, 'bin/ripcord'));
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `ripcord: ${path.join(tree, 'dist/cli.js')} is missing: run "npm ci" and "npm run build" first.\n`,
      });
    } finally {
      await rm(tree, { recursive: true, force: true });
    }
  });

  // a single non-ASCII character makes V8 keep a whole source as two-byte text (bundle.mjs)
  it('the node bundles are ASCII', async () => {
    for (const name of ['cli', 'subcommands', 'reaper', 'main']) {
      const text = await readFile(path.join(root, 'dist', `${name}.js`), 'utf8');
      expect(text.match(/[\u0080-\uffff]/g), name).toBeNull();
    }
  });

  it('runs through a chain of relative symlinks, as npm installs it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-links-'));
    try {
      await mkdir(path.join(dir, 'a'));
      await symlink(path.relative(path.join(dir, 'a'), bin), path.join(dir, 'a/first'));
      await symlink('a/first', path.join(dir, 'second'));
      expect((await ripcord(['--version'], process.env, path.join(dir, 'second'))).code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // node parses NODE_EXTRA_CA_CERTS before any code runs: the command keeps it from its own node
  // and hands it back to everything the host starts.
  it('starts node without NODE_EXTRA_CA_CERTS; the session gets it back, and nothing else', async () => {
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: '/nowhere/ca.pem', RIPCORD_NODE_EXTRA_CA_CERTS: undefined };
    const script =
      'echo "session:[$NODE_EXTRA_CA_CERTS][${RIPCORD_NODE_EXTRA_CA_CERTS-unset}]"; tr "\\0" "\\n" </proc/$PPID/environ | grep "NODE_EXTRA_CA_CERTS" | sed "s/^/host:/"';
    const result = await ripcord(['run', '--', 'sh', '-c', script], env);
    expect(result.code).toBe(0);
    // the program's parent is the host: its environment as node started
    expect(result.stdout.split(/\r?\n/).filter(Boolean)).toEqual([
      'session:[/nowhere/ca.pem][unset]',
      'host:RIPCORD_NODE_EXTRA_CA_CERTS=/nowhere/ca.pem',
    ]);
  });

  it('without NODE_EXTRA_CA_CERTS: the session has neither name', async () => {
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: undefined, RIPCORD_NODE_EXTRA_CA_CERTS: undefined };
    const result = await ripcord(
      ['run', '--', 'sh', '-c', 'echo "[${NODE_EXTRA_CA_CERTS-unset}][${RIPCORD_NODE_EXTRA_CA_CERTS-unset}]"'],
      env,
    );
    expect(result.stdout.trim()).toBe('[unset][unset]');
  });
});
