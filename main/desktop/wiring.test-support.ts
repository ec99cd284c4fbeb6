// Test support for the main/desktop wiring tests: the small hand-written fakes of Electron
// objects the team rules allow here (and only here), plus a real reaper and a real log.
import type { App, GlobalShortcut, Input, WebContents } from 'electron';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Disposable } from '../core/disposable';
import { openLog, type Logger } from '../platform/log/log';
import { ReaperClient } from '../platform/reaper-client/reaper-client';
import { logFileEntries, reaperSessionDead } from '../platform/reaper-client/reaper.test-support';
import { bundleReaper, waitFor } from '../platform/processes/processes.test-support';
import type { IpcSenderEvent } from './ipc-handlers';

/** Bound on waiting for an asynchronous log line or a process to go. */
export const LOG_WAIT_MS = 5_000;

type AnyListener = (...args: never[]) => void;

/** Just enough of Node's EventEmitter to stand in for an Electron emitter's `on`. */
export class FakeEmitter {
  private readonly listeners = new Map<string, Set<AnyListener>>();

  on(event: string, listener: AnyListener): this {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  removeListener(event: string, listener: AnyListener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

/** Electron's Event: only preventDefault matters to the code under test. */
export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

/** app: lifecycle events and exit, which records the code instead of ending the test runner. */
export class FakeApp extends FakeEmitter implements Pick<App, 'exit'> {
  readonly exits: number[] = [];
  exit(code = 0): void {
    this.exits.push(code);
  }
}

/** globalShortcut: registrations pressable by the test; register's answer is set per test (and may change). */
export class FakeGlobalShortcut implements Pick<GlobalShortcut, 'register' | 'unregister' | 'unregisterAll'> {
  private readonly registrations = new Map<string, () => void>();
  unregisterAllCalls = 0;

  constructor(public answer: boolean | Error = true) {}

  /** The one registration (tests that register more look at `accelerators`). */
  get registered(): { accelerator: string; callback: () => void } | undefined {
    const [first] = this.registrations;
    return first && { accelerator: first[0], callback: first[1] };
  }

  get accelerators(): string[] {
    return [...this.registrations.keys()];
  }

  register(accelerator: string, callback: () => void): boolean {
    if (this.answer instanceof Error) throw this.answer;
    if (this.answer) this.registrations.set(accelerator, callback);
    return this.answer;
  }

  unregister(accelerator: string): void {
    this.registrations.delete(accelerator);
  }

  unregisterAll(): void {
    this.unregisterAllCalls += 1;
    this.registrations.clear();
  }

  press(): void {
    this.registered?.callback();
  }
}

/** A window's webContents as the wiring sees it: events, an id, and what main sends to the page. */
export class FakeWebContents extends FakeEmitter implements Pick<WebContents, 'send' | 'isDestroyed' | 'id' | 'paste'> {
  /** each event main sent: its channel and its value (the last argument: a pane's events name the pane first) */
  readonly sent: { channel: string; value: unknown; args: unknown[] }[] = [];
  destroyed = false;
  pastes = 0;

  constructor(readonly id: number) {
    super();
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, value: args.at(-1), args });
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  paste(): void {
    this.pastes += 1;
  }

  valuesOn(channel: string): unknown[] {
    return this.sent.filter((m) => m.channel === channel).map((m) => m.value);
  }

  /** A key as before-input-event reports it; returns the event to inspect preventDefault. */
  key(input: Partial<Input> & Pick<Input, 'key'>): FakeEvent {
    const event = new FakeEvent();
    this.emit('before-input-event', event, keyInput(input));
    return event;
  }
}

export function keyInput(input: Partial<Input> & Pick<Input, 'key'>): Input {
  return {
    type: 'keyDown',
    code: `Key${input.key.toUpperCase()}`,
    isAutoRepeat: false,
    isComposing: false,
    shift: false,
    control: false,
    alt: false,
    meta: false,
    location: 0,
    modifiers: [],
    ...input,
  };
}

/** ipcMain: listeners and handlers by channel; the test plays the renderer with any sender. */
export class FakeIpcMain extends FakeEmitter {
  private readonly handlers = new Map<string, (event: IpcSenderEvent, ...args: unknown[]) => unknown>();

  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void {
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  invoke(channel: string, event: IpcSenderEvent, ...args: unknown[]): unknown {
    return this.handlers.get(channel)?.(event, ...args);
  }

  get handlerCount(): number {
    return this.handlers.size;
  }
}

/** The sender of an IPC message: which web contents, and which frame showing which URL. */
export function sender(webContentsId: number, url: string, options: { subframe?: boolean; frameGone?: boolean } = {}): IpcSenderEvent {
  if (options.frameGone) return { sender: { id: webContentsId }, senderFrame: null };
  return { sender: { id: webContentsId }, senderFrame: { url, parent: options.subframe ? { url } : null } };
}

/** A temp dir with a real log file and a bundled reaper script (the real one, from source). */
export async function wiringWorkspace(): Promise<{
  dir: string;
  log: Logger;
  startReaper(killGraceMs: number): ReaperClient;
  /** Polls the log file (it is written asynchronously) until an entry matches; returns it. */
  logEntry(match: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown> | undefined>;
  /** every entry written so far */
  logEntries(): Promise<Record<string, unknown>[]>;
  /** The reapers' log entry saying every process of the session of root `pid` is dead (their own log file). */
  sessionDead(pid: number, timeoutMs: number): Promise<Record<string, unknown> | undefined>;
  dispose(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-electron-'));
  const script = await bundleReaper(dir);
  const log = openLog({ file: path.join(dir, 'ripcord.log'), level: 'debug' });
  const reapers: ReaperClient[] = [];
  const entries = (): Promise<Record<string, unknown>[]> => logFileEntries(path.join(dir, 'ripcord.log'));
  const reaperLog = path.join(dir, 'reaper.log');
  return {
    dir,
    log,
    startReaper(killGraceMs: number): ReaperClient {
      const reaper = ReaperClient.start({ killGraceMs, script, logFile: reaperLog });
      reapers.push(reaper);
      return reaper;
    },
    logEntry: (match) => waitFor(async () => (await entries()).find(match), LOG_WAIT_MS),
    logEntries: entries,
    sessionDead: (pid, timeoutMs) => reaperSessionDead(reaperLog, pid, timeoutMs),
    async dispose(): Promise<void> {
      for (const reaper of reapers.splice(0)) reaper.dispose();
      // the log's last lines and the reapers' may still land while the folder goes: rm retries then
      log.flushSync();
      await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}

export type WiringWorkspace = Awaited<ReturnType<typeof wiringWorkspace>>;

/**
 * The hooks of a wiring test file: one workspace for the whole file, and whatever a test
 * installs (push it to `installed`) disposed after that test.
 */
export function useWiringWorkspace(): { readonly workspace: WiringWorkspace; readonly installed: Disposable[] } {
  let workspace: WiringWorkspace | undefined;
  const installed: Disposable[] = [];
  beforeAll(async () => {
    workspace = await wiringWorkspace();
  });
  afterEach(() => {
    for (const d of installed.splice(0)) d.dispose();
  });
  afterAll(async () => {
    await workspace?.dispose();
  });
  return {
    get workspace(): WiringWorkspace {
      if (!workspace) throw new Error('the wiring workspace exists from beforeAll on');
      return workspace;
    },
    installed,
  };
}
