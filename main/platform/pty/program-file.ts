// Checks of the file a session will exec and the directory it starts in, so a program that
// cannot run is a ripcord message. Made at once, synchronously: they come once per process, at
// its start, which waits for each of them — a PATH search through the thread pool is several
// trips in a row (stat, access, open, read, close), each waiting for the main loop
// (docs/benchmarks.md#start).
//
// A script whose `#!` interpreter is missing passes every check of the file itself, and then
// execvp fails inside node-pty's child, which prints its own "execvp(3) failed." and exits 1.
// Checking the interpreter first keeps that case a ripcord message with the 127 of the shells.
import { accessSync, closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Result } from '../../../contracts/result';

/** The kernel reads at most this much of a `#!` line (BINPRM_BUF_SIZE). */
const SHEBANG_MAX_BYTES = 256;

/** Why `file`'s `#!` interpreter cannot run, or undefined (no `#!` line, or a runnable one). */
function interpreterProblem(file: string, cwd: string): string | undefined {
  const interpreter = readInterpreter(file);
  if (interpreter === undefined) return undefined;
  const problem = executableProblem(path.resolve(cwd, interpreter));
  return problem ? `its interpreter "${interpreter}" (from its #! line): ${problem}` : undefined;
}

function readInterpreter(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(SHEBANG_MAX_BYTES);
    const bytesRead = readSync(fd, buffer, 0, SHEBANG_MAX_BYTES, 0);
    const head = buffer.subarray(0, bytesRead).toString('latin1');
    if (!head.startsWith('#!')) return undefined;
    // As the kernel parses it: blanks after #!, then the interpreter up to a blank or the line end.
    const interpreter = /^#![ \t]*([^ \t\n]+)/.exec(head)?.[1];
    return interpreter;
  } catch {
    return undefined; // unreadable but executable: execvp decides, as before
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function executableProblem(file: string): string | undefined {
  try {
    const info = statSync(file);
    if (info.isDirectory()) return 'it is a directory';
    if (!info.isFile()) return 'it is not a regular file';
  } catch (err) {
    return describeFsError(err);
  }
  try {
    accessSync(file, constants.X_OK);
    return undefined;
  } catch {
    return 'it is not executable (permission denied)';
  }
}

/**
 * Finds the program as execvp would from `cwd`, the directory it will run in (a relative name
 * or PATH entry means a place there), so a bad one is a message instead of a dead terminal.
 */
export function resolveProgram(file: string, searchPath: string, cwd: string): Result<string> {
  if (file.includes('/')) {
    const full = path.resolve(cwd, file);
    const problem = executableProblem(full) ?? interpreterProblem(full, cwd);
    return problem ? { ok: false, error: `cannot start "${file}": ${problem}` } : { ok: true, value: full };
  }
  const dirs = searchPath.split(':').filter((d) => d !== '');
  for (const dir of dirs) {
    const candidate = path.resolve(cwd, dir, file);
    if (executableProblem(candidate)) continue;
    const problem = interpreterProblem(candidate, cwd);
    return problem ? { ok: false, error: `cannot start "${file}" (${candidate}): ${problem}` } : { ok: true, value: candidate };
  }
  return { ok: false, error: `cannot start "${file}": not found in PATH (${dirs.join(':') || 'empty'})` };
}

/** Why the session cannot start in `cwd`, or undefined. */
export function checkCwd(cwd: string): string | undefined {
  try {
    if (!statSync(cwd).isDirectory()) return `cannot use working directory "${cwd}": it is not a directory`;
    accessSync(cwd, constants.X_OK);
    return undefined;
  } catch (err) {
    return `cannot use working directory "${cwd}": ${describeFsError(err)}`;
  }
}

function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ENOTDIR') return 'a component of the path is not a directory';
  return err instanceof Error ? err.message : String(err);
}
