// The control socket's protocol (issue #16): one JSON request line, one JSON answer line, then
// the host closes. Both ends check what they read; nothing from the socket is trusted blindly.
import type { ProcessView } from './renderer';

/** A request is tiny; more is not a ripcord client. */
export const MAX_REQUEST_BYTES = 4_096;
/** A process view of a few thousand processes fits; more is not a ripcord host. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** What a stop still running when the session ends is told: the exit killed the whole session. */
export const SESSION_ENDED_MESSAGE = 'the session ended, and everything in it is stopped with it';

export type ControlRequest = { op: 'ps' } | { op: 'stop'; pid?: number };

export interface SessionInfo {
  /**
   * the id `ripcord stop` takes, and its socket's name: `ripcord run`'s pid, or — a pane of a
   * window — its session's root pid (unique while it runs, as the panes of one window must be)
   */
  id: number;
  /** a window's pane: the number of its tab (from 1), as the tab bar shows it */
  tab?: number;
  host: 'desktop' | 'run';
  command: string;
  /** wall-clock ms since the epoch */
  startedAt: number;
  view: ProcessView;
}

export type ControlAnswer =
  { ok: true; session: SessionInfo } | { ok: true; message: string; stopped: number[] } | { ok: false; message: string };

export function parseControlRequest(line: string): ControlRequest | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const m = raw as Record<string, unknown>;
  if (m.op === 'ps') return { op: 'ps' };
  if (m.op !== 'stop') return undefined;
  if (m.pid === undefined) return { op: 'stop' };
  return typeof m.pid === 'number' && Number.isInteger(m.pid) && m.pid > 0 ? { op: 'stop', pid: m.pid } : undefined;
}
