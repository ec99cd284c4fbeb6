import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { electronPackageDir, findElectron, launchDesktop } from './desktop-launcher';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-launch-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in Electron: a real executable that records its argv and env, then exits as told. */
async function standInElectron(folder: string, body: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const executable = path.join(folder, 'electron');
  await writeFile(
    executable,
    `#!/bin/sh\nprintf '%s\\n' "$@" > "$RECORD"\nprintf '%s' "\${ELECTRON_RUN_AS_NODE-unset}" > "$RECORD.env"\n${body}\n`,
  );
  await chmod(executable, 0o755);
  return executable;
}

/** A stand-in electron npm package folder, without a downloaded binary unless `binary` is given. */
async function electronPackage(binary?: string): Promise<string> {
  const pkg = path.join(dir, 'electron-pkg');
  await mkdir(pkg, { recursive: true });
  await writeFile(path.join(pkg, 'package.json'), JSON.stringify({ name: 'electron', version: '39.8.10' }));
  if (binary) {
    await writeFile(path.join(pkg, 'path.txt'), 'electron');
    await standInElectron(path.join(pkg, 'dist'), binary);
  }
  return pkg;
}

/** A machine where Chromium's sandbox can start (start-verdict.test.ts covers the others). */
const STARTABLE = { uid: 1000, probe: async () => ({ ok: true as const }) };

function capture() {
  let text = '';
  return {
    stream: {
      write: (chunk: string) => {
        text += chunk;
        return true;
      },
    },
    text: () => text,
  };
}

describe('launchDesktop', () => {
  it('without Electron: says how to get one, that `ripcord run` works without it, and returns 1', async () => {
    const empty = path.join(dir, 'empty');
    await mkdir(empty);
    const stderr = capture();
    const code = await launchDesktop([], {
      env: { ELECTRON_OVERRIDE_DIST_PATH: empty },
      electronPackageDir: await electronPackage(),
      stderr: stderr.stream,
      appEntry: __filename,
      ...STARTABLE,
    });
    expect(code).toBe(1);
    const message = stderr.text();
    expect(message).toContain('needs an Electron binary, and none was found');
    expect(message).toContain(path.join(empty, 'electron'));
    expect(message).toContain('start ripcord again where github.com (or $ELECTRON_MIRROR) can be reached');
    expect(message).toContain('set ELECTRON_OVERRIDE_DIST_PATH');
    expect(message).toContain('Electron 39.8.10');
    expect(message).toContain('"ripcord run [--] COMMAND..." works without Electron');
  });

  it("first start without a binary: runs the electron package's install.js, then starts the Electron it put there", async () => {
    const record = path.join(dir, 'record');
    const pkg = await electronPackage();
    // What electron's install.js does once the download worked: dist/ with the binary, then path.txt.
    await writeFile(
      path.join(pkg, 'install.js'),
      `
      const fs = require('node:fs');
      fs.mkdirSync('dist');
      fs.writeFileSync('dist/electron', '#!/bin/sh\\nprintf "%s\\\\n" "$@" > "$RECORD"\\n', { mode: 0o755 });
      fs.writeFileSync('path.txt', 'electron');
      console.log('downloaded');
    `,
    );
    const stderr = capture();
    expect(
      await launchDesktop([], {
        env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '', RECORD: record },
        electronPackageDir: pkg,
        appEntry: __filename,
        stderr: stderr.stream,
        ...STARTABLE,
      }),
    ).toBe(0);
    // one line of progress; what the script prints is kept back
    expect(stderr.text()).toBe(
      'ripcord: downloading Electron 39.8.10 for the desktop app (once; npm ci leaves this to the first start)…\n',
    );
    expect(await readFile(record, 'utf8')).toBe(`${__filename}\n`);
  });

  it('first start where the download fails: one line of its error without the stack, then how to get Electron, and 1', async () => {
    const pkg = await electronPackage();
    // what electron's install.js prints offline: the error's stack
    await writeFile(
      path.join(pkg, 'install.js'),
      `console.error('RequestError: getaddrinfo ENOTFOUND github.com\\n    at ClientRequest.<anonymous> (/x/got/index.js:970:111)\\n    at Object.onceWrapper (node:events:639:26)'); process.exit(1);`,
    );
    const stderr = capture();
    expect(
      await launchDesktop([], {
        env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '' },
        electronPackageDir: pkg,
        appEntry: __filename,
        stderr: stderr.stream,
        ...STARTABLE,
      }),
    ).toBe(1);
    const lines = stderr.text().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'ripcord: downloading Electron 39.8.10 for the desktop app (once; npm ci leaves this to the first start)…',
      'ripcord: the download did not work: RequestError: getaddrinfo ENOTFOUND github.com',
      'ripcord: the desktop app needs an Electron binary, and none was found. Looked at:',
    ]);
    expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
  });

  it('a download script that fails without a word: its exit is the failure line', async () => {
    const pkg = await electronPackage();
    await writeFile(path.join(pkg, 'install.js'), 'process.exit(3)');
    const stderr = capture();
    expect(
      await launchDesktop([], {
        env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '' },
        electronPackageDir: pkg,
        appEntry: __filename,
        stderr: stderr.stream,
        ...STARTABLE,
      }),
    ).toBe(1);
    expect(stderr.text()).toContain(`ripcord: the download did not work: ${path.join(pkg, 'install.js')} failed (exit 3)\n`);
  });

  it('ELECTRON_SKIP_BINARY_DOWNLOAD: no download is tried', async () => {
    const pkg = await electronPackage();
    await writeFile(path.join(pkg, 'install.js'), `require('node:fs').writeFileSync('ran', '')`);
    const stderr = capture();
    expect(
      await launchDesktop([], {
        env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
        electronPackageDir: pkg,
        appEntry: __filename,
        stderr: stderr.stream,
        ...STARTABLE,
      }),
    ).toBe(1);
    await expect(readFile(path.join(pkg, 'ran'))).rejects.toThrow();
    expect(stderr.text()).not.toContain('downloading');
    expect(stderr.text()).toContain('unset ELECTRON_SKIP_BINARY_DOWNLOAD and start ripcord again');
  });

  it('without the electron package at all, still explains', async () => {
    const stderr = capture();
    expect(await launchDesktop([], { env: {}, electronPackageDir: undefined, stderr: stderr.stream, ...STARTABLE })).toBe(1);
    expect(stderr.text()).toContain('the electron package is not installed');
  });

  it('runs ELECTRON_OVERRIDE_DIST_PATH/electron on the app bundle with the arguments and returns its exit code', async () => {
    const record = path.join(dir, 'record');
    await standInElectron(path.join(dir, 'override'), 'exit 7');
    const code = await launchDesktop(['--flag', 'two words'], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'override'), RECORD: record, ELECTRON_RUN_AS_NODE: '1' },
      electronPackageDir: await electronPackage(),
      appEntry: __filename,
      ...STARTABLE,
    });
    expect(code).toBe(7);
    expect((await readFile(record, 'utf8')).split('\n')).toEqual([__filename, '--flag', 'two words', '']);
    expect(await readFile(`${record}.env`, 'utf8')).toBe('unset');
  });

  it('falls back to the binary the electron package downloaded (path.txt + dist/)', async () => {
    const record = path.join(dir, 'record');
    const pkg = await electronPackage('exit 0');
    expect(await findElectron({}, pkg)).toEqual({ ok: true, executable: path.join(pkg, 'dist/electron') });
    expect(
      await launchDesktop([], { env: { ...process.env, RECORD: record }, electronPackageDir: pkg, appEntry: __filename, ...STARTABLE }),
    ).toBe(0);
    expect(await readFile(record, 'utf8')).toBe(`${__filename}\n`);
  });

  it('a non-executable file is not an Electron', async () => {
    const folder = path.join(dir, 'noexec');
    await mkdir(folder);
    await writeFile(path.join(folder, 'electron'), 'not a program');
    const lookup = await findElectron({ ELECTRON_OVERRIDE_DIST_PATH: folder }, undefined);
    expect(lookup.ok).toBe(false);
  });

  it('an app killed by a signal gives 128 + the signal number', async () => {
    await standInElectron(path.join(dir, 'o'), 'kill -TERM $$');
    const code = await launchDesktop([], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'o'), RECORD: path.join(dir, 'r') },
      electronPackageDir: undefined,
      appEntry: __filename,
      ...STARTABLE,
    });
    expect(code).toBe(143);
  });

  it('passes SIGTERM sent to the launcher on to the app, and ignores SIGINT (the app gets it from the terminal)', async () => {
    const ready = path.join(dir, 'ready');
    // the stand-in reports TERM through its exit code and survives INT only if it is never sent one
    await standInElectron(path.join(dir, 'o'), `trap 'exit 42' TERM\ntouch ${ready}\nwhile :; do sleep 0.05; done`);
    const signals = new EventEmitter();
    const launched = launchDesktop([], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'o'), RECORD: path.join(dir, 'r') },
      electronPackageDir: undefined,
      appEntry: __filename,
      signals,
      ...STARTABLE,
    });
    await expect
      .poll(
        () =>
          readFile(ready).then(
            () => true,
            () => false,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(signals.listenerCount('SIGINT')).toBe(1);
    signals.emit('SIGINT', 'SIGINT');
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await launched).toBe(42);
    expect(signals.eventNames()).toEqual([]);
  });

  it('a missing app bundle is reported, not thrown', async () => {
    await standInElectron(path.join(dir, 'o'), 'exit 0');
    const stderr = capture();
    const missing = path.join(dir, 'dist/main.js');
    expect(
      await launchDesktop([], {
        env: { ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'o') },
        electronPackageDir: undefined,
        appEntry: missing,
        stderr: stderr.stream,
        ...STARTABLE,
      }),
    ).toBe(1);
    expect(stderr.text()).toBe(`ripcord: the desktop app's bundle ${missing} is missing: run "npm ci" and "npm run build" first.\n`);
  });

  it('finds the electron package of this repository', () => {
    expect(electronPackageDir()).toBe(path.resolve(__dirname, '../../node_modules/electron'));
  });
});
