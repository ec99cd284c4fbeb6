// `ripcord stats --follow [LOGFILE]`: the log's signal-handling events as they happen — each
// press and what it decided, each cancel's answer, each stage of an exit with its time after
// the trigger, each session the reaper saw dead and each stall the watchdog saw — with the
// running median and p99 per trigger (the same LogSummarizer `ripcord stats` folds). It reads
// the log file and nothing else, so nothing of it runs on the key's path. A rotation (the file
// renamed to LOGFILE.1 and a new one begun) is followed: the old file is read to its end, then
// the new one from its start.
import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { EXIT_STAGES, LogEvent } from '../../core/log-events';
import { visibleText } from '../../core/visible-text';
import { LogSummarizer, type LatencyRow } from './log-summarizer';

/** How often the file is looked at: a person reads the lines, and a look is one stat and one read. */
export const FOLLOW_POLL_MS = 200;
/** Bytes read per look at most: a burst of lines is shown over a few looks, memory stays flat. */
const READ_CHUNK_BYTES = 256 * 1024;

export interface FollowOutput {
  line: (text: string) => void;
  /** the first look is done: the file is followed from its end, or waited for ('waiting': read from its start once there) */
  firstLook?: (state: 'following' | 'waiting') => void;
}

/** Follows `file` until `signal` aborts; resolves then. A file that is not there yet is waited for. */
export async function followLog(file: string, output: FollowOutput, signal: AbortSignal): Promise<void> {
  const follower = new LogFollower(output);
  // the file there when following starts is read from its end (what is new is shown); a later one (a rotation, or one that appeared) from its start
  let firstLook = true;
  let current: { handle: FileHandle; ino: number; position: number; partial: string } | undefined;
  const sleep = (): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, FOLLOW_POLL_MS);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  try {
    while (!signal.aborted) {
      if (!current) {
        const opened = await openRegular(file);
        if (opened) current = { ...opened, position: firstLook ? opened.size : 0, partial: '' };
        if (firstLook) output.firstLook?.(opened ? 'following' : 'waiting');
        firstLook = false;
      }
      if (current) {
        const { bytesRead, buffer } = await current.handle.read({ buffer: Buffer.alloc(READ_CHUNK_BYTES), position: current.position });
        if (bytesRead > 0) {
          current.position += bytesRead;
          const text = current.partial + buffer.subarray(0, bytesRead).toString('utf8');
          const lines = text.split('\n');
          current.partial = lines.pop() ?? '';
          for (const line of lines) follower.push(line);
          continue; // more may wait: read again before sleeping
        }
        // at the end of this file: a new file under the name means it was rotated out
        const now = await stat(file).catch(() => undefined);
        if (now === undefined || now.ino !== current.ino) {
          if (current.partial !== '') follower.push(current.partial);
          await current.handle.close();
          current = undefined;
          continue;
        }
      }
      await sleep();
    }
  } finally {
    await current?.handle.close();
  }
}

async function openRegular(file: string): Promise<{ handle: FileHandle; ino: number; size: number } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw new Error('not a regular file');
  }
  return { handle, ino: info.ino, size: info.size };
}

/** One line of text per event worth seeing, and the running numbers after each answer or exit. */
export class LogFollower {
  private readonly summarizer = new LogSummarizer();
  /** per host pid: the last trigger's kind and time, for the stages' times after it */
  private readonly lastTrigger = new Map<number, { kind: string; t: number }>();

  constructor(private readonly output: FollowOutput) {}

  push(raw: string): void {
    if (raw.trim() === '') return;
    this.summarizer.push(raw);
    let entry: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
      entry = parsed as Record<string, unknown>;
    } catch {
      return;
    }
    const name = typeof entry.name === 'string' ? entry.name : '';
    // a host's line begins with its level and names the host's pid; a reaper's begins with its clock (log-summarizer.ts)
    const host = raw.startsWith('{"level"') && typeof entry.pid === 'number' ? entry.pid : undefined;
    const t = typeof entry.t === 'number' ? entry.t : undefined;
    const at = typeof entry.wall === 'string' ? entry.wall.slice(11, 23) : '--:--:--.---';
    const who = host === undefined ? 'reaper' : `host ${host}`;
    const say = (text: string): void => this.output.line(visibleText(`${at} ${who}  ${text}`));
    if (name === LogEvent.trigger) {
      if (host !== undefined && t !== undefined) this.lastTrigger.set(host, { kind: String(entry.kind), t });
      say(`${String(entry.kind)} → ${String(entry.action)}`);
    } else if (name === LogEvent.cancelHandled) {
      say(`cancel answered${this.since(host, t)}`);
      this.running('cancel', this.summarizer.summary().cancel, LogEvent.cancelHandled, host);
    } else if ((EXIT_STAGES as readonly string[]).includes(name)) {
      const detail = name === LogEvent.exitBegin ? ` (code ${String(entry.code)}, ${String(entry.reason)})` : '';
      say(`${name}${this.since(host, t)}${detail}`);
      if (name === LogEvent.exitEnd) this.running('exit', this.summarizer.summary().exitPath, LogEvent.exitEnd, host);
    } else if (name === LogEvent.reaperSessionDead) {
      say(`session ${String(entry.pid)} dead: survivors ${String(entry.survivors ?? 0)}, migrated ${String(entry.migrated ?? 0)}`);
    } else if (name === LogEvent.mainLoopStall) {
      say(`main loop stalled ${String(entry.ms)} ms (watchdog)`);
    }
  }

  private since(host: number | undefined, t: number | undefined): string {
    const trigger = host === undefined ? undefined : this.lastTrigger.get(host);
    return trigger === undefined || t === undefined ? '' : ` +${(t - trigger.t).toFixed(1)} ms after ${trigger.kind}`;
  }

  /** The running median and p99 of `stage` for the trigger that led to it. */
  private running(what: string, rows: readonly LatencyRow[], stage: string, host: number | undefined): void {
    const kind = host === undefined ? undefined : this.lastTrigger.get(host)?.kind;
    const row = rows.find((r) => r.stage === stage && r.trigger === kind) ?? rows.find((r) => r.stage === stage && r.trigger === 'all');
    if (!row) return;
    this.output.line(
      visibleText(
        `  so far, ${what} after ${row.trigger}: median ${row.median.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms over ${row.count}`,
      ),
    );
  }
}
