// The log event names that code reads back — `ripcord stats`, the specs — named once, used by the
// code that logs them and by the code that reads them. Scheme: `area.what` (words in `what`
// joined by '-'). The reaper's and the watchdog's older `area-what` names are kept as written:
// stats reads logs already on disk, and those processes log before any host runs.
export const LogEvent = {
  /** the pty program runs: pid, file, cwd, startTime (platform/pty/session.ts) */
  sessionSpawned: 'session.spawned',
  /** the guarded session runs and the reaper knows it: sessionPid */
  sessionStarted: 'session.started',
  sessionSpawnFailed: 'session.spawn-failed',
  /** the lifecycle gave up starting the program; the page says why */
  sessionStartFailed: 'session.start-failed',
  /** the session kept killing its reaper past the replacement budget and is ended: message */
  sessionUnguarded: 'session.unguarded',
  /** every trigger and what was decided (SessionExits.decide): kind, action (session: false while no program runs) */
  trigger: 'trigger',
  /** the root program has the terminal back after a cancel */
  cancelHandled: 'cancel.handled',
  cancelCut: 'cancel.cut',
  cancelDropped: 'cancel.dropped',
  /** input waiting for the program, dropped by a cancel's interrupt: droppedBytes */
  inputInterrupted: 'input.interrupted',
  /** input past the bound on what waits for the program: replyBytes, keyBytes (DESIGN §6) */
  inputDropped: 'input.dropped',
  /** typed keys met the bound: once each time the program stops reading */
  inputKeysDropped: 'input.keys-dropped',
  exitBegin: 'exit.begin',
  exitReaper: 'exit.reaper',
  /** the session's last words to other processes: the control socket answers and is removed */
  exitUnpublish: 'exit.unpublish',
  exitRestore: 'exit.restore',
  exitEnd: 'exit.end',
  exitFlush: 'exit.flush',
  /** a program spawned while the exit already ran: killed once more */
  exitLateSession: 'exit.late-session',
  /** how the session's processes are contained: kind (cgroup, systemd-scope, process-scan), cgroup, reason, pid */
  containmentChosen: 'containment.chosen',
  /** a cgroup was killed (host or reaper): cgroup, ms, survivors, removed */
  cgroupKillDone: 'cgroup-kill-done',
  /** a reaper removed the leftover cgroups of sessions that are over (cgroup-leftovers.ts): parent, removed (names), failed */
  cgroupLeftovers: 'cgroup-leftovers',
  /** the host started its reaper: reaperPid, script */
  reaperStarted: 'reaper-started',
  /** the reaper was stopped or killed and a new one took over its sessions: why, old, pid */
  reaperReplaced: 'reaper.replaced',
  /** `ripcord run` lost its terminal (hang-up): loss, detail */
  terminalLost: 'terminal.lost',
  /** the reaper saw every process of a session dead: pid (the root), HUP/TERM/KILL (died of each), exitedUnsignalled, ms, survivors, migrated */
  reaperSessionDead: 'reaper-session-dead',
  /** processes that carried a session's tag outside its container, killed after it: pid, migrated (count), survivors */
  reaperSessionMigrated: 'reaper-session-migrated',
  /** a listener threw while an event was delivered (or another error no caller could take): error */
  unexpectedError: 'error.unexpected',
  /** the watchdog saw the main loop stall: ms */
  mainLoopStall: 'main-loop-stall',
  /** the desktop's global exit shortcut (main/desktop/global-shortcut.ts); `ripcord doctor` shows the last */
  shortcutRegistered: 'shortcut.registered',
  /** it could not be registered: accelerator, reason */
  shortcutFailed: 'shortcut.failed',
  shortcutOff: 'shortcut.off',
  /** Chromium's GlobalShortcutsPortal feature at the desktop's start: on (a Wayland session) */
  shortcutPortal: 'shortcut.portal',
} as const;

/** The exit path's stages, in the order ExitPath logs them. */
export const EXIT_STAGES = [
  LogEvent.exitBegin,
  LogEvent.exitReaper,
  LogEvent.exitUnpublish,
  LogEvent.exitRestore,
  LogEvent.exitEnd,
  LogEvent.exitFlush,
] as const;
