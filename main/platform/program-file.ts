// Checks of the file a session will exec, so a program that cannot run is a ripcord message.
//
// A script whose `#!` interpreter is missing passes every check of the file itself, and then
// execvp fails inside node-pty's child, which prints its own "execvp(3) failed." and exits 1.
// Checking the interpreter first keeps that case a ripcord message with the 127 of the shells.
import { access, constants, open, stat } from 'node:fs/promises';
import path from 'node:path';

/** The kernel reads at most this much of a `#!` line (BINPRM_BUF_SIZE). */
const SHEBANG_MAX_BYTES = 256;

/** Why `file`'s `#!` interpreter cannot run, or undefined (no `#!` line, or a runnable one). */
export async function interpreterProblem(file: string, cwd: string): Promise<string | undefined> {
  const interpreter = await readInterpreter(file);
  if (interpreter === undefined) return undefined;
  const problem = await executableProblem(path.resolve(cwd, interpreter));
  return problem ? `its interpreter "${interpreter}" (from its #! line): ${problem}` : undefined;
}

async function readInterpreter(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.alloc(SHEBANG_MAX_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SHEBANG_MAX_BYTES, 0);
    const head = buffer.subarray(0, bytesRead).toString('latin1');
    if (!head.startsWith('#!')) return undefined;
    // As the kernel parses it: blanks after #!, then the interpreter up to a blank or the line end.
    const interpreter = /^#![ \t]*([^ \t\n]+)/.exec(head)?.[1];
    return interpreter;
  } catch {
    return undefined; // unreadable but executable: execvp decides, as before
  } finally {
    await handle?.close();
  }
}

export async function executableProblem(file: string): Promise<string | undefined> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) return 'it is a directory';
    if (!info.isFile()) return 'it is not a regular file';
  } catch (err) {
    return describeFsError(err);
  }
  try {
    await access(file, constants.X_OK);
    return undefined;
  } catch {
    return 'it is not executable (permission denied)';
  }
}

export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ENOTDIR') return 'a component of the path is not a directory';
  return err instanceof Error ? err.message : String(err);
}
