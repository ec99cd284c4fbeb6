// The desktop's main process <-> its session host (DESIGN §1): one service per direction, declared
// here once as schemas (schema.ts) and carried by the generic proxy (service.ts) over Node's IPC
// channel (child_process.fork) or Electron's utilityProcess port. Main runs programs through the
// host (ProgramService); the host reports what they do and asks what only main may do — make a
// session's cgroup, tell the reaper (DecisionService). The host's screen channel — output to the
// page, and the page's acks and process-view requests — is the renderer contract's
// (contracts/renderer.ts). Each pane of a window is one session: the host runs one program per
// pane, and every message about a program names its pane (contracts/panes.ts).
import { isPaneId } from './panes';
import { boolean, count, guard, literal, number, object, optional, record, string, union, type Infer } from './schema';
import { call, notice, type Service } from './service';

const pane = guard('a pane id', isPaneId);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const anyRecord = guard('an object', isObject);

/** What the session host runs for main: the program's start, as the lifecycle asks for it. */
export const hostStart = object({
  /** the settings the session starts with (RipcordConfig), checked again by the host (validateConfig) */
  config: guard('the settings, an object', (value: unknown): value is object => isObject(value)),
  command: optional(
    object({
      file: string(),
      args: guard(
        'a list of strings',
        (value: unknown): value is string[] => Array.isArray(value) && value.every((arg) => typeof arg === 'string'),
      ),
    }),
  ),
  cwd: optional(string()),
  /** start in this pane's program's working directory (a new tab or split starts where the focused pane is) */
  cwdFrom: optional(pane),
  cols: count(),
  rows: count(),
  keyPressesReported: boolean(),
  /** which host's session tools the program gets (control socket, transcript); none in wiring tests */
  hostKind: optional(literal('desktop', 'run')),
  describedAs: string(),
});
export type HostStart = Infer<typeof hostStart>;

const exitCommand = object({ line: string() });
const sessionEnded = object({ exitCode: number(), signal: optional(number()) });
const nothing = object({});

/** The triggers a running program finds itself (main/core/exit-decisions.ts's exit-command and session-ended). */
export const programTrigger = union('kind', { 'exit-command': exitCommand, 'session-ended': sessionEnded });

/** Every trigger main decides (main/core/exit-decisions.ts's Trigger), as the host follows its decision. */
export const trigger = union('kind', {
  'ctrl-c': object({ press: optional(count()) }),
  sigint: nothing,
  sigterm: nothing,
  sighup: nothing,
  'global-shortcut': nothing,
  'window-close': nothing,
  'exit-command': exitCommand,
  'session-ended': sessionEnded,
});

/** What main decided (main/core/exit-decisions.ts's Decision). */
export const decision = union('action', {
  cancel: nothing,
  ignore: nothing,
  exit: object({ code: count(), reason: string() }),
  'already-exiting': object({ code: count() }),
});

/** Main → host: run each pane's program as main decides. */
export const ProgramService = {
  start: notice({ pane, start: hostStart }),
  input: notice({ pane, data: string() }),
  resize: notice({ pane, cols: count(), rows: count() }),
  /** a trigger main decided, with the double-press interval's time left when it decided */
  decided: notice({ pane, trigger, decision, hintRemainingMs: number(0) }),
  keyPressed: notice({ pane }),
  /** the program may run now: main has it attached to its decisions */
  run: notice({ pane }),
  /** the pane closed (main killed its container): its pty and its control socket go */
  close: notice({ pane }),
  /** the settings' kill grace, edited */
  killGrace: notice({ ms: count() }),
  /** each pane's tab number (from 1), after every change of the layout: `ripcord ps` lists it */
  tabs: notice({ tabs: record(pane, count()) }),
  /** the exit path's last words: a `ripcord stop` waiting is answered, the control sockets go */
  exit: notice({}),
};
export type ProgramService = Service<typeof ProgramService>;

/** Host → main: what each pane's program does, the start's questions, and the host's own life. */
export const DecisionService = {
  /** transcript: the session's transcript directory, when transcripts are on */
  started: notice({
    pane,
    pid: count(),
    containment: object({ kind: literal('cgroup', 'systemd-scope', 'process-scan'), reason: string() }),
    transcript: optional(string()),
  }),
  startFailed: notice({ pane, error: string() }),
  /** a Ctrl+C found in the input (a host that does not report its key presses) */
  press: notice({ pane }),
  keyPressed: notice({ pane }),
  trigger: notice({ pane, trigger: programTrigger }),
  cancelHandled: notice({ pane }),
  /** the start is over: the reaper's Node stage may start */
  startOver: notice({ pane }),
  // the reaper's notices and questions (main holds the reaper and its kill descriptors, DESIGN §4)
  contain: notice({ pane, cgroup: string(), sessionId: optional(string()) }),
  attachRoot: notice({ pane, pid: count(), cgroup: string() }),
  release: notice({ pane, cgroup: string() }),
  register: notice({ pane, pid: count(), startTime: count(), sessionId: optional(string()) }),
  /** make the session's cgroup below `parent` (main makes each container and holds its kill): its directory */
  makeCgroup: call({ pane, parent: string(), name: string() }, string()),
  contained: call({ pane, cgroup: string(), timeoutMs: count() }, boolean()),
  registered: call({ pane, pid: count(), timeoutMs: count() }, boolean()),
  /** one line for main's log (the host writes no file of its own) */
  log: notice({ level: literal('info', 'warn', 'error'), name: string(), fields: optional(anyRecord) }),
  /** the host's thread is alive (HOST_HEARTBEAT_MS) */
  heartbeat: notice({}),
  /** the answer to main's `exit`: the last words are said (a `ripcord stop` waiting answered, the control sockets gone) */
  lastWords: notice({}),
};
export type DecisionService = Service<typeof DecisionService>;

/** The host says it is alive this often; main calls it hung after HOST_HUNG_AFTER_MS without a word (VS Code waits ~6 s). */
export const HOST_HEARTBEAT_MS = 1_000;
export const HOST_HUNG_AFTER_MS = 6_000;
