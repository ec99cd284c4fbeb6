// The desktop's main process <-> its session host (DESIGN §1): one object per message over Node's
// IPC channel (child_process.fork) or Electron's utilityProcess port, each with a `type`. Main
// sends commands and answers; the host sends events and asks what only main may do (make a
// session's cgroup, tell the reaper). The host's screen channel — output to the page, and the
// page's acks and process-view requests — is the renderer contract's (contracts/renderer.ts).
// Each pane of a window is one session: the host runs one program per pane, and every message
// about a program names its pane (contracts/panes.ts).
import { isPaneId, type PaneId } from './panes';

/** What the session host runs for main: the program's start, as the lifecycle asks for it. */
export interface HostStart {
  /** the settings the session starts with (RipcordConfig), checked again by the host */
  config: Record<string, unknown>;
  command?: { file: string; args: string[] };
  cwd?: string;
  /** start in this pane's program's working directory (a new tab or split starts where the focused pane is) */
  cwdFrom?: PaneId;
  cols: number;
  rows: number;
  keyPressesReported: boolean;
  tools?: 'desktop' | 'run';
  describedAs: string;
}

/** The triggers the host's program finds (ProgramTrigger). */
export type HostTrigger = { kind: 'exit-command'; line: string } | { kind: 'session-ended'; exitCode: number; signal?: number };

/** A decided trigger as the program follows it (SessionExits' Trigger and Decision, as data). */
export interface HostDecision {
  trigger: { kind: string; line?: string; exitCode?: number; signal?: number };
  decision: { action: string; code?: number; reason?: string };
  /** the double-press interval's time left when main decided */
  hintRemainingMs: number;
}

export type HostQuestion =
  /** make the session's cgroup below `parent` (main makes each container and holds its kill) */
  | { kind: 'make-cgroup'; parent: string; name: string }
  | { kind: 'contained'; cgroup: string; timeoutMs: number }
  | { kind: 'registered'; pid: number; timeoutMs: number };

export type ReaperNotice =
  | { kind: 'contain'; cgroup: string; sessionId?: string }
  | { kind: 'attach-root'; pid: number; cgroup: string }
  | { kind: 'release'; cgroup: string }
  | { kind: 'register'; pid: number; startTime: number; sessionId?: string };

/** The commands about one pane's program, each naming its pane. */
export type ProgramCommand =
  | { type: 'start'; start: HostStart }
  | { type: 'input'; data: string }
  | { type: 'resize'; cols: number; rows: number }
  | ({ type: 'decided' } & HostDecision)
  | { type: 'key-pressed' }
  /** the program may run now: main has it attached to its decisions */
  | { type: 'run' }
  /** the pane closed (main killed its container): its pty and its control socket go */
  | { type: 'close' };

export type HostCommand =
  | (ProgramCommand & { pane: PaneId })
  | { type: 'kill-grace'; ms: number }
  | { type: 'answer'; id: number; ok: boolean; dir?: string; error?: string }
  /** the exit path's last words: a `ripcord stop` waiting is answered, the control sockets go */
  | { type: 'exit' }
  /** each pane's tab number (from 1), after every change of the layout: `ripcord ps` lists it */
  | { type: 'tabs'; tabs: Record<PaneId, number> };

/** What one pane's program tells main, each naming its pane. */
export type ProgramEvent =
  /** transcript: the session's transcript directory, when transcripts are on */
  | { type: 'started'; pid: number; containment: { kind: string; reason: string }; transcript?: string }
  | { type: 'start-failed'; error: string }
  | { type: 'press' }
  | { type: 'key-pressed' }
  | { type: 'trigger'; trigger: HostTrigger }
  | { type: 'cancel-handled' }
  | { type: 'start-over' }
  | { type: 'reaper'; notice: ReaperNotice }
  | { type: 'ask'; id: number; question: HostQuestion };

export type HostEvent =
  | (ProgramEvent & { pane: PaneId })
  /** one line for main's log (the host writes no file of its own) */
  | { type: 'log'; level: 'info' | 'warn' | 'error'; name: string; fields?: Record<string, unknown> }
  /** the host's thread is alive (HEARTBEAT_MS) */
  | { type: 'heartbeat' }
  /** the answer to main's `exit`: the last words are said (a `ripcord stop` waiting answered, the control sockets gone) */
  | { type: 'last-words' };

/** The host says it is alive this often; main calls it hung after HOST_HUNG_AFTER_MS without a word (VS Code waits ~6 s). */
export const HEARTBEAT_MS = 1_000;
export const HOST_HUNG_AFTER_MS = 6_000;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';

/** The fields each message type must carry, and what each must be. */
const pane = { pane: isPaneId };
const COMMAND_FIELDS: Record<HostCommand['type'], Record<string, (value: unknown) => boolean>> = {
  start: { ...pane, start: isRecord },
  input: { ...pane, data: isText },
  resize: { ...pane, cols: isCount, rows: isCount },
  decided: { ...pane, trigger: isRecord, decision: isRecord, hintRemainingMs: (v) => typeof v === 'number' && v >= 0 },
  'key-pressed': pane,
  run: pane,
  close: pane,
  'kill-grace': { ms: isCount },
  answer: { id: isCount, ok: (v) => typeof v === 'boolean' },
  exit: {},
  tabs: { tabs: (v) => isRecord(v) && Object.entries(v).every(([pane, tab]) => isPaneId(pane) && isCount(tab)) },
};

const EVENT_FIELDS: Record<HostEvent['type'], Record<string, (value: unknown) => boolean>> = {
  started: { ...pane, pid: isCount, containment: isRecord },
  'start-failed': { ...pane, error: isText },
  press: pane,
  'key-pressed': pane,
  trigger: { ...pane, trigger: isRecord },
  'cancel-handled': pane,
  'start-over': pane,
  reaper: { ...pane, notice: isRecord },
  ask: { ...pane, id: isCount, question: isRecord },
  log: { level: (v) => v === 'info' || v === 'warn' || v === 'error', name: isText, fields: (v) => v === undefined || isRecord(v) },
  heartbeat: {},
  'last-words': {},
};

function checked<T>(message: unknown, fields: Record<string, Record<string, (value: unknown) => boolean>>): Checked<T> {
  if (!isRecord(message) || !isText(message.type)) return { ok: false, problem: 'not a message object with a type' };
  const expected = Object.hasOwn(fields, message.type) ? fields[message.type] : undefined;
  if (expected === undefined) return { ok: false, problem: `unknown type ${JSON.stringify(message.type.slice(0, 40))}` };
  for (const [field, isValid] of Object.entries(expected)) {
    if (!isValid(message[field])) return { ok: false, problem: `${message.type}: bad ${field}` };
  }
  return { ok: true, value: message as T };
}

/** A command from main, as the host receives it. */
export const checkCommand = (message: unknown): Checked<HostCommand> => checked(message, COMMAND_FIELDS);
/** An event from the host, as main receives it. */
export const checkEvent = (message: unknown): Checked<HostEvent> => checked(message, EVENT_FIELDS);
