// cgroup v2 primitives (DESIGN §4 containment): where the hierarchy is, which cgroup this
// process is in, and the file operations a session container needs. Every operation that
// can fail for ordinary reasons (no permission, gone already) returns a value, never throws.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytesNow, readKernelFileNow } from '../files/kernel-reads';
import { removeCgroupTree } from './cgroup-tree';
import type { Result } from '../../../contracts/result';
export type { Result };

/** Prefix of every cgroup ripcord creates: recognisable in `ls`, and what stale-cleanup matches. */
export const CGROUP_PREFIX = 'ripcord-';
/** Random bytes in a cgroup's name: 64 bits nobody can guess ahead to take the name first. */
const NAME_RANDOM_BYTES = 8;
/** mkdir of a random name fails only if someone made it first (or guessed it): tried this often. */
const CREATE_ATTEMPTS = 8;
const randomSuffix = (): string => randomBytesNow(NAME_RANDOM_BYTES).toString('hex');

/** The mount point of the cgroup2 hierarchy in /proc/self/mountinfo text, if any. */
export function parseCgroup2Mount(mountinfo: string): string | undefined {
  for (const line of mountinfo.split('\n')) {
    const sep = line.indexOf(' - ');
    if (sep < 0) continue;
    const [fstype] = line.slice(sep + 3).split(' ');
    if (fstype !== 'cgroup2') continue;
    const mountPoint = line.slice(0, sep).split(' ')[4];
    if (mountPoint) return unescapeMountPath(mountPoint);
  }
  return undefined;
}

/** mountinfo escapes space, tab, newline and backslash as \ooo octal. */
function unescapeMountPath(text: string): string {
  return text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** The v2 cgroup of a process from /proc/<pid>/cgroup text (the `0::` line), if any. */
export function parseOwnCgroup(procCgroup: string): string | undefined {
  for (const line of procCgroup.split('\n')) {
    if (line.startsWith('0::')) return line.slice(3).replace(/ \(deleted\)$/, '');
  }
  return undefined;
}

const fail = (err: unknown): { ok: false; error: string } => ({ ok: false, error: describe(err) });
const done = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  return e?.code ? `${e.code}: ${e.message}` : String(err);
}

export async function readText(file: string): Promise<Result<string>> {
  try {
    return done(await readFile(file, 'utf8'));
  } catch (err) {
    return fail(err);
  }
}

/** readText of a kernel file, read at once (kernel-reads.ts). */
function readTextNow(file: string): Result<string> {
  try {
    return done(readKernelFileNow(file));
  } catch (err) {
    return fail(err);
  }
}

export type CgroupLocation = { mount: string; own: string; dir: string };

/** Where the cgroup2 hierarchy is mounted and the cgroup of `pid` (default: this process). */
export async function locateCgroup(pid: number | 'self' = 'self'): Promise<Result<CgroupLocation>> {
  return locate(await readText('/proc/self/mountinfo'), await readText(`/proc/${pid}/cgroup`), pid);
}

/** The same for this process, read at once (kernel-reads.ts): a session's start waits for it. */
export function locateOwnCgroupNow(): Result<CgroupLocation> {
  return locate(readTextNow('/proc/self/mountinfo'), readTextNow('/proc/self/cgroup'), 'self');
}

function locate(mountinfo: Result<string>, cgroupText: Result<string>, pid: number | 'self'): Result<CgroupLocation> {
  if (!mountinfo.ok) return mountinfo;
  const mount = parseCgroup2Mount(mountinfo.value);
  if (!mount) return { ok: false, error: 'no cgroup2 hierarchy is mounted (/proc/self/mountinfo)' };
  if (!cgroupText.ok) return cgroupText;
  const own = parseOwnCgroup(cgroupText.value);
  if (own === undefined) return { ok: false, error: `/proc/${pid}/cgroup has no cgroup v2 (0::) line` };
  return done({ mount, own, dir: path.join(mount, own).replace(/(?<=.)\/+$/, '') });
}

const parseProcs = (text: Result<string>): number[] =>
  text.ok
    ? text.value
        .split('\n')
        .filter((l) => /^\d+$/.test(l))
        .map(Number)
    : [];

/** One cgroup directory and the control files ripcord uses. */
export class CgroupDir {
  constructor(readonly dir: string) {}

  get name(): string {
    return path.basename(this.dir);
  }

  async create(): Promise<Result> {
    try {
      await mkdir(this.dir);
      return done(true);
    } catch (err) {
      return fail(err);
    }
  }

  /**
   * A new cgroup `<parent>/<stem>-<random hex>` that this process made: mkdir fails on a name
   * that exists, so a cgroup someone prepared under a predictable name is never used (DESIGN §4).
   */
  static async createUnique(parent: string, stem: string, suffix: () => string = randomSuffix): Promise<Result<CgroupDir>> {
    let last = '';
    for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
      const cgroup = new CgroupDir(path.join(parent, `${stem}-${suffix()}`));
      const created = await cgroup.create();
      if (created.ok) return done(cgroup);
      last = `cannot create ${cgroup.dir}: ${created.error}`;
      if (!created.error.startsWith('EEXIST')) break;
    }
    return { ok: false, error: last };
  }

  /** Moves a process in. Appending matters: cgroup.procs takes one pid per write. */
  async join(pid: number): Promise<Result> {
    try {
      await appendFile(path.join(this.dir, 'cgroup.procs'), `${pid}\n`);
      return done(true);
    } catch (err) {
      return fail(err);
    }
  }

  /** Live members (the kernel lists no zombie), or [] when the cgroup is gone. */
  async procs(): Promise<number[]> {
    return parseProcs(await readText(path.join(this.dir, 'cgroup.procs')));
  }

  /** The same, read at once (kernel-reads.ts): for the session's start. */
  procsNow(): number[] {
    return parseProcs(readTextNow(path.join(this.dir, 'cgroup.procs')));
  }

  /** `populated` of cgroup.events; false when the cgroup is gone. */
  async populated(): Promise<boolean> {
    const text = await readText(path.join(this.dir, 'cgroup.events'));
    return text.ok && /^populated 1$/m.test(text.value);
  }

  async exists(): Promise<boolean> {
    return (await readText(path.join(this.dir, 'cgroup.events'))).ok;
  }

  async freeze(frozen: boolean): Promise<Result> {
    return this.write('cgroup.freeze', frozen ? '1' : '0');
  }

  /** SIGKILL to every member, atomically (kernel >= 5.14). */
  async kill(): Promise<Result> {
    return this.write('cgroup.kill', '1');
  }

  /** Removes the cgroup and every empty cgroup below it, however deep (cgroup-tree.ts). */
  remove(): Promise<Result> {
    return removeCgroupTree(this.dir);
  }

  private async write(file: string, value: string): Promise<Result> {
    try {
      await writeFile(path.join(this.dir, file), value);
      return done(true);
    } catch (err) {
      return fail(err);
    }
  }
}
