// The host <-> reaper pipe: one command per line, plain text, so a half-written line or a
// crash on either side can never be misread as something else.
//   host -> reaper:  register <pid> <starttime> [<session id>] | killall | end <root pid>
//                    contain <cgroup dir> [<session id>] | root <pid> <cgroup dir> | release <cgroup dir>
//                    takeover (the sh stub hands over to the Node reaper: reaper-stub.ts)
//                    grace <ms> (an edited killGraceMs, for the kills that start from then on)
//                    terminal <path> <rdev> [<stty -g>] | terminal-restore <base64> | terminal-done
//                    (the outer terminal of `ripcord run`, after takeover only: reaper-terminal.ts)
//   reaper -> host:  dead <pid> [ms=N HUP=N TERM=N KILL=N exited=N survivors=N] | registered <pid>
//                    contained <cgroup dir>
// A cgroup dir is sent URI-encoded, so a path with spaces stays one word.

/**
 * In a scanned session's environment: every process that keeps the environment carries it, so
 * after the kill the reaper can count what the scan missed (the log's survivor count is true).
 */
export const SESSION_ID_ENV = 'RIPCORD_SESSION';

/**
 * In the environment of a session started inside other sessions (a `ripcord run` typed in one):
 * their ids, nearest first, `:`-separated. The outer sessions' sweeps find the inner session's
 * processes by it wherever the inner ripcord put them, since SESSION_ID_ENV then names the inner.
 */
export const OUTER_SESSIONS_ENV = 'RIPCORD_OUTER_SESSIONS';

/** Whether a process's environ (NUL-separated) carries the session's tag, as its own or an outer session's. */
export function environHasSession(environ: string, sessionId: string): boolean {
  const entries = environ.split('\0');
  return (
    entries.includes(`${SESSION_ID_ENV}=${sessionId}`) ||
    entries.some(
      (entry) =>
        entry.startsWith(`${OUTER_SESSIONS_ENV}=`) &&
        entry
          .slice(OUTER_SESSIONS_ENV.length + 1)
          .split(':')
          .includes(sessionId),
    )
  );
}

/** The outer terminal of `ripcord run`, kept by the reaper from takeover on (reaper-terminal.ts). */
export type TerminalCommand =
  /** the outer terminal: its device path and number, and `stty -g` from before raw mode (undefined: none known) */
  | { kind: 'terminal'; path: string; rdev: number; termios?: string }
  /** what the host's restore would write now */
  | { kind: 'terminal-restore'; bytes: string }
  /** the host restored the terminal itself (or found it someone else's): nothing more to do */
  | { kind: 'terminal-done' };

export type ReaperCommand =
  /** sessionId: the value of SESSION_ID_ENV in the session's environment (counts escapees) */
  | { kind: 'register'; pid: number; startTime: number; sessionId?: string }
  | { kind: 'killall' }
  /** one session ends while the others run (its pane closed): the staged kill of the session whose root is pid */
  | { kind: 'end'; pid: number }
  /** a session cgroup, sent before its root exists: kill it if the host dies from here on;
   * sessionId: the session's tag, to sweep for its migrants after the kill (migrant-sweep.ts) */
  | { kind: 'contain'; cgroup: string; sessionId?: string }
  /** the session's root joined the cgroup: `dead <pid>` now means the cgroup */
  | { kind: 'root'; pid: number; cgroup: string }
  /** the cgroup was given up before its session started (the host removes it) */
  | { kind: 'release'; cgroup: string }
  /** the first stage (a sh stub) execs the Node reaper now; nothing for the Node reaper to do */
  | { kind: 'takeover' }
  /** killGraceMs was edited: kills that start from now on give this much grace */
  | { kind: 'grace'; ms: number }
  | TerminalCommand;

export interface DeadReport {
  pid: number;
  stats: Record<string, number>;
}

/** What a staged kill of a session did (StagedKillResult), as a `dead` line reports it. */
export interface KillReport {
  /** processes that died after this signal was the last one they received */
  killedBy: { HUP: number; TERM: number; KILL: number };
  /** members that vanished before any signal reached them */
  exitedUnsignalled: number;
  /** members still alive when the kill gave up */
  survivors: readonly unknown[];
  ms: number;
}

/** UTF-8 text as one base64 word, whatever bytes it holds. */
function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The text of a base64 word; undefined when it is none. */
function fromBase64(word: string): string | undefined {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(word), (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

const isId = (s: string | undefined): boolean => s !== undefined && /^\d+$/.test(s);

export function formatCommand(command: ReaperCommand): string {
  switch (command.kind) {
    case 'register':
      return `register ${command.pid} ${command.startTime}${command.sessionId ? ` ${command.sessionId}` : ''}\n`;
    case 'killall':
      return 'killall\n';
    case 'end':
      return `end ${command.pid}\n`;
    case 'contain':
      return `contain ${encodeURIComponent(command.cgroup)}${command.sessionId ? ` ${command.sessionId}` : ''}\n`;
    case 'root':
      return `root ${command.pid} ${encodeURIComponent(command.cgroup)}\n`;
    case 'release':
      return `release ${encodeURIComponent(command.cgroup)}\n`;
    case 'takeover':
      return 'takeover\n';
    case 'grace':
      return `grace ${command.ms}\n`;
    case 'terminal':
      return `terminal ${encodeURIComponent(command.path)} ${command.rdev}${command.termios === undefined ? '' : ` ${encodeURIComponent(command.termios)}`}\n`;
    case 'terminal-restore':
      return `terminal-restore ${toBase64(command.bytes)}\n`;
    case 'terminal-done':
      return 'terminal-done\n';
  }
}

function parseTerminalCommand(verb: string, words: (string | undefined)[]): TerminalCommand | undefined {
  const [a, b, c, ...rest] = words;
  if (verb === 'terminal-done' && a === undefined) return { kind: 'terminal-done' };
  if (verb === 'terminal-restore' && b === undefined && /^[A-Za-z0-9+/]*={0,2}$/.test(a ?? '')) {
    const bytes = fromBase64(a ?? '');
    return bytes === undefined ? undefined : { kind: 'terminal-restore', bytes };
  }
  if (verb !== 'terminal' || !isId(b) || rest.length > 0) return undefined;
  try {
    const path = decodeURIComponent(a ?? '');
    if (!path.startsWith('/')) return undefined;
    return { kind: 'terminal', path, rdev: Number(b), ...(c === undefined ? {} : { termios: decodeURIComponent(c) }) };
  } catch {
    return undefined;
  }
}

const isSessionId = (s: string | undefined): s is string => s !== undefined && /^[\w-]+$/.test(s);

export function parseCommand(line: string): ReaperCommand | undefined {
  const [verb, a, b, ...rest] = line.trim().split(/\s+/);
  if (verb?.startsWith('terminal')) return parseTerminalCommand(verb, [a, b, ...rest]);
  if (verb === 'register' && isId(a) && isId(b) && rest.length === 1 && isSessionId(rest[0])) {
    return { kind: 'register', pid: Number(a), startTime: Number(b), sessionId: rest[0] };
  }
  if (rest.length > 0) return undefined;
  if (verb === 'register' && isId(a) && isId(b)) return { kind: 'register', pid: Number(a), startTime: Number(b) };
  if (verb === 'grace' && isId(a) && b === undefined) return { kind: 'grace', ms: Number(a) };
  if (verb === 'end' && isId(a) && b === undefined) return { kind: 'end', pid: Number(a) };
  if ((verb === 'killall' || verb === 'takeover') && a === undefined) return { kind: verb };
  const dir = (word: string | undefined): string | undefined => {
    if (word === undefined) return undefined;
    try {
      const decoded = decodeURIComponent(word);
      return decoded.startsWith('/') ? decoded : undefined;
    } catch {
      return undefined;
    }
  };
  const a1 = dir(a);
  if ((verb === 'contain' || verb === 'release') && a1 && b === undefined) return { kind: verb, cgroup: a1 };
  if (verb === 'contain' && a1 && isSessionId(b)) return { kind: 'contain', cgroup: a1, sessionId: b };
  const b1 = dir(b);
  if (verb === 'root' && isId(a) && b1) return { kind: 'root', pid: Number(a), cgroup: b1 };
  return undefined;
}

export function formatDead(pid: number, result?: KillReport): string {
  if (!result) return `dead ${pid}\n`;
  const { killedBy, ms, exitedUnsignalled, survivors } = result;
  return `dead ${pid} ms=${ms} HUP=${killedBy.HUP} TERM=${killedBy.TERM} KILL=${killedBy.KILL} exited=${exitedUnsignalled} survivors=${survivors.length}\n`;
}

export const formatRegistered = (pid: number): string => `registered ${pid}\n`;

/** The answer to `contain`: from here on the reaper kills that cgroup if the host goes. */
export const formatContained = (cgroup: string): string => `contained ${encodeURIComponent(cgroup)}\n`;

/** The cgroup of a `contained <dir>` line, if it is one. */
export function parseContained(line: string): string | undefined {
  const m = /^contained (\S+)$/.exec(line.trim());
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1] as string);
  } catch {
    return undefined;
  }
}

/** The pid of a `registered <pid>` line, if it is one. */
export function parseRegistered(line: string): number | undefined {
  const m = /^registered (\d+)$/.exec(line.trim());
  return m ? Number(m[1]) : undefined;
}

export function parseDead(line: string): DeadReport | undefined {
  const [verb, pid, ...fields] = line.trim().split(/\s+/);
  if (verb !== 'dead' || !isId(pid)) return undefined;
  const stats: Record<string, number> = {};
  for (const field of fields) {
    const m = /^(\w+)=(\d+)$/.exec(field);
    if (!m || !m[1]) return undefined;
    stats[m[1]] = Number(m[2]);
  }
  return { pid: Number(pid), stats };
}

/** Cuts a byte stream into lines; keeps the unfinished tail for the next chunk. */
export class LineSplitter {
  private pending = '';
  /** Longest line either side ever sends is far below this; beyond it the input is garbage. */
  static readonly MAX_LINE = 4_096;

  push(chunk: string): string[] {
    const parts = (this.pending + chunk).split('\n');
    this.pending = parts.pop() ?? '';
    if (this.pending.length > LineSplitter.MAX_LINE) this.pending = '';
    return parts.filter((l) => l.trim() !== '');
  }
}
