// The host <-> reaper pipe: one command per line, plain text, so a half-written line or a
// crash on either side can never be misread as something else.
//   host -> reaper:  register <pid> <starttime> | kill <pid> | killall
//   reaper -> host:  dead <pid> [ms=N HUP=N TERM=N KILL=N exited=N survivors=N]
import type { StagedKillResult } from './staged-kill';

export type ReaperCommand =
  | { kind: 'register'; pid: number; startTime: number }
  | { kind: 'kill'; pid: number }
  | { kind: 'killall' };

export interface DeadReport { pid: number; stats: Record<string, number> }

const isId = (s: string | undefined): boolean => s !== undefined && /^\d+$/.test(s);

export function formatCommand(command: ReaperCommand): string {
  switch (command.kind) {
    case 'register': return `register ${command.pid} ${command.startTime}\n`;
    case 'kill': return `kill ${command.pid}\n`;
    case 'killall': return 'killall\n';
  }
}

export function parseCommand(line: string): ReaperCommand | undefined {
  const [verb, a, b, ...rest] = line.trim().split(/\s+/);
  if (rest.length > 0) return undefined;
  if (verb === 'register' && isId(a) && isId(b)) return { kind: 'register', pid: Number(a), startTime: Number(b) };
  if (verb === 'kill' && isId(a) && b === undefined) return { kind: 'kill', pid: Number(a) };
  if (verb === 'killall' && a === undefined) return { kind: 'killall' };
  return undefined;
}

export function formatDead(pid: number, result?: StagedKillResult): string {
  if (!result) return `dead ${pid}\n`;
  const { killedBy, ms, exitedUnsignalled, survivors } = result;
  return `dead ${pid} ms=${ms} HUP=${killedBy.HUP} TERM=${killedBy.TERM} KILL=${killedBy.KILL} exited=${exitedUnsignalled} survivors=${survivors.length}\n`;
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
