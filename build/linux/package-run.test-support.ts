// What the tests of a Linux package's `ripcord` command share (ripcord-wrapper.test.ts,
// appimage-layout.test.ts): the package's unpacked files as a package holds them, a stand-in
// Electron that records how it was started, and a run of the command with its exit and output.
import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `file` with `args` and `env`: its exit code and output, whether it failed or not. */
export function runCommand(file: string, args: readonly string[], env: Record<string, string>): Promise<Result> {
  return execFileAsync(file, args, { env, timeout: 20_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

/**
 * Copies, not links, of the checkout's dist/ and of node-pty where a package's unpacked bundles
 * find it: a case run as another user must not need to enter the checkout (a clone in a 0700 folder).
 */
export async function copyUnpackedApp(root: string, unpacked: string): Promise<void> {
  await cp(path.join(root, 'dist'), path.join(unpacked, 'dist'), {
    recursive: true,
    filter: (from) => !path.relative(path.join(root, 'dist'), from).startsWith('e2e'),
  });
  for (const part of ['package.json', 'lib', 'build/Release']) {
    await cp(path.join(root, 'node_modules/node-pty', part), path.join(unpacked, 'node_modules/node-pty', part), { recursive: true });
  }
}

/** A stand-in Electron at `file`: it appends how it was started to $RECORD and runs Node under ELECTRON_RUN_AS_NODE=1, as Electron does. */
export async function writeStandInElectron(file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `#!/bin/sh\necho "RUN_AS_NODE=\${ELECTRON_RUN_AS_NODE-unset} PACKAGED=\${RIPCORD_PACKAGED_ELECTRON-unset} $*" >> "$RECORD"\n[ "$ELECTRON_RUN_AS_NODE" = 1 ] && exec '${process.execPath}' "$@"\nexit 0\n`,
  );
  await chmod(file, 0o755);
}

/** The stand-in's starts since the last call, one line each. */
export async function recordedStarts(record: string): Promise<string[]> {
  const text = await readFile(record, 'utf8').catch(() => '');
  await writeFile(record, '');
  return text.split('\n').filter(Boolean);
}
