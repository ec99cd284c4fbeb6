// The browser harness (test-only, DESIGN §1): serves the real renderer to a browser and
// bridges it over a loopback WebSocket to the real core, GuardedSession, reaper and pty.
// It runs the desktop host's exit path with process.exit instead of app.exit. When ready it
// prints one JSON line on stdout: {"url", "port", "token", "pid", "reaperPid", "log"}.
// Page URL options: ?token=…&renderer=webgl|dom. Memory probe: GET /stats?token=….
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RawData } from 'ws';
import { rendererSettings } from '../../main/session/renderer-settings';
import type { Trigger } from '../../main/core/exit-decisions';
import { loadConfig, type LoadedConfig } from '../../main/platform/config-file';
import { openLog, type Logger } from '../../main/platform/log';
import { ReaperClient } from '../../main/platform/reaper-client';
import { GuardedSession } from '../../main/session/guarded-session';
import type { RendererSettings } from '../../preload/api';
import { parseHarnessArgs, type HarnessOptions } from './options';
import { parseClientMessage, type ClientMessage, type ServerMessage } from './protocol';
import { HarnessPages, requestUrl, send } from './pages';

/** A 1 MB paste JSON-escapes to a few MB; past this the socket is closed (code 1009). */
const MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;
/** Exit code when the program could not be started (the page shows why). */
const SPAWN_FAILED_EXIT_CODE = 1;
/** Bound on what waits for the spawn: a few screens of typing, never a flood held in memory. */
const MAX_EARLY_MESSAGES = 1_000;
const SIGNAL_TRIGGERS = { SIGINT: 'sigint', SIGTERM: 'sigterm', SIGHUP: 'sighup' } as const;
/** Codes of DESIGN §3 for a signal that arrives before the session exists. */
const SIGNAL_EXIT_CODES = { sigint: 130, sigterm: 143, sighup: 129 } as const;

class Harness {
  private readonly token = randomBytes(24).toString('base64url');
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  private client: WebSocket | undefined;
  private guarded: GuardedSession | undefined;
  private sessionState: 'waiting' | 'starting' | 'running' | 'failed' = 'waiting';
  /** Keys typed and sizes set while the program is still being spawned, replayed in order. */
  private early: ClientMessage[] = [];

  constructor(
    private readonly options: HarnessOptions,
    private readonly log: Logger,
    private readonly loaded: LoadedConfig,
    private readonly reaper: ReaperClient,
    private readonly server: http.Server,
    private readonly port: number,
    private readonly pages: HarnessPages,
  ) {
    server.on('request', (req, res) => void this.onRequest(req, res));
    server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket, head));
    for (const [signal, kind] of Object.entries(SIGNAL_TRIGGERS)) process.on(signal, () => this.trigger({ kind }));
    process.on('uncaughtException', (error) => {
      log.error('harness.uncaught', { error: error.stack ?? String(error) });
      this.exitNow(1, 'uncaught exception');
    });
  }

  readyLine(): string {
    const url = `http://127.0.0.1:${this.port}/?token=${this.token}`;
    return JSON.stringify({ url, port: this.port, token: this.token, pid: process.pid, reaperPid: this.reaper.pid, log: this.log.file ?? null });
  }

  private tokenMatches(candidate: string | null): boolean {
    const expected = Buffer.from(this.token);
    const given = Buffer.from(candidate ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = requestUrl(req);
    if (req.method !== 'GET') return send(res, 405, 'text/plain', 'GET only\n');
    if (url.pathname === '/favicon.ico') return send(res, 204, 'text/plain', '');
    if (url.pathname === '/stats') {
      if (!this.tokenMatches(url.searchParams.get('token'))) return send(res, 403, 'text/plain', 'bad token\n');
      const stats = { pid: process.pid, sessionPid: this.guarded?.session.pid ?? null, reaperPid: this.reaper.pid, memory: process.memoryUsage() };
      return send(res, 200, 'application/json', JSON.stringify(stats));
    }
    if (!(await this.pages.serve(url.pathname, res))) send(res, 404, 'text/plain', 'not found\n');
  }

  private onUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = requestUrl(req);
    const origin = `http://127.0.0.1:${this.port}`;
    const reason =
      url.pathname !== '/ws' ? 'wrong path'
      : !this.tokenMatches(url.searchParams.get('token')) ? 'bad token'
      : req.headers.origin !== origin ? `foreign origin ${String(req.headers.origin)}`
      : this.client ? 'a page is already connected'
      : undefined;
    if (reason) {
      this.log.warn('harness.client-rejected', { reason });
      socket.end(`HTTP/1.1 ${reason === 'a page is already connected' ? '409 Conflict' : '403 Forbidden'}\r\nconnection: close\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.attach(ws));
  }

  private attach(ws: WebSocket): void {
    this.client = ws;
    this.log.event('harness.client-connected');
    ws.on('message', (raw, isBinary) => this.onMessage(raw, isBinary));
    // The page going away is the window closing (DESIGN §3: exit 0).
    ws.on('close', (code) => {
      this.log.event('harness.client-closed', { code });
      this.client = undefined;
      this.trigger({ kind: 'window-close' });
    });
    ws.on('error', (error) => this.log.warn('harness.client-error', { error: String(error) }));
  }

  private onMessage(raw: RawData, isBinary: boolean): void {
    const parsed = isBinary ? ({ ok: false, reason: 'binary frame' } as const) : parseClientMessage(raw.toString());
    if (!parsed.ok) {
      this.log.warn('harness.message-dropped', { reason: parsed.reason });
      return;
    }
    this.handle(parsed.message);
  }

  private handle(message: ClientMessage): void {
    if (this.sessionState === 'starting' && (message.type === 'input' || message.type === 'resize')) {
      if (this.early.length < MAX_EARLY_MESSAGES) this.early.push(message);
      else this.log.warn('harness.message-dropped', { reason: 'too much input before the session started' });
      return;
    }
    switch (message.type) {
      case 'input':
        this.guarded?.input(message.data);
        break;
      case 'resize':
        if (this.guarded) this.guarded.resize(message.cols, message.rows);
        else void this.startSession(message.cols, message.rows);
        break;
      case 'ack':
        this.guarded?.ack(message.chars);
        break;
      case 'openLink':
        // A test harness never opens a browser; the request is logged for the specs.
        this.log.event('harness.open-link', { url: message.url });
        break;
      case 'getSettings':
        this.send({ type: 'settings', id: message.id, settings: this.settings() });
        break;
    }
  }

  private send(message: ServerMessage): void {
    this.client?.send(JSON.stringify(message));
  }

  private settings(): RendererSettings {
    const { config, problems } = this.loaded;
    return rendererSettings(config, problems);
  }

  /** The session starts at the page's first size, so the program draws for the real screen. */
  private async startSession(cols: number, rows: number): Promise<void> {
    if (this.sessionState !== 'waiting') return;
    this.sessionState = 'starting';
    const started = await GuardedSession.start({
      config: this.loaded.config,
      log: this.log,
      reaper: this.reaper,
      host: { restore: () => undefined, exit: (code) => process.exit(code) },
      cols,
      rows,
      ...(this.options.command ? { command: this.options.command } : {}),
      ...(this.options.cwd ? { cwd: this.options.cwd } : {}),
    });
    if (!started.ok) {
      this.sessionState = 'failed';
      this.early = [];
      this.send({ type: 'exit', exitCode: SPAWN_FAILED_EXIT_CODE, message: started.error });
      return;
    }
    const guarded = started.guarded;
    this.guarded = guarded;
    this.sessionState = 'running';
    guarded.onFlush(() => this.send({ type: 'flush' }));
    guarded.onOutput((data) => this.send({ type: 'data', data }));
    guarded.onHint((hint) => this.send({ type: 'hint', visible: hint.visible, remainingMs: hint.remainingMs }));
    const early = this.early;
    this.early = [];
    for (const message of early) this.handle(message);
  }

  private trigger(trigger: Trigger): void {
    if (this.guarded) {
      this.guarded.trigger(trigger);
      return;
    }
    const code =
      this.sessionState === 'failed' ? SPAWN_FAILED_EXIT_CODE
      : trigger.kind === 'sigint' || trigger.kind === 'sigterm' || trigger.kind === 'sighup' ? SIGNAL_EXIT_CODES[trigger.kind]
      : 0;
    this.exitNow(code, trigger.kind);
  }

  /** Before a session exists there is nothing for the exit path to kill; the reaper still goes. */
  private exitNow(code: number, reason: string): void {
    if (this.guarded) {
      this.guarded.exitPath.exitNow(code, reason);
      return;
    }
    this.log.event('exit.begin', { code, reason });
    this.reaper.dispose();
    this.log.flushSync();
    process.exit(code);
  }
}

async function main(): Promise<void> {
  const parsed = parseHarnessArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`harness: ${parsed.error}\n`);
    process.exit(2);
  }
  const options = parsed.options;
  const loaded = loadConfig(options.config);
  const log = openLog({ ...(options.log ? { file: options.log } : {}), level: loaded.config.logLevel });
  for (const problem of loaded.problems) log.warn('config.problem', { problem });
  const reaper = ReaperClient.start({
    killGraceMs: loaded.config.killGraceMs,
    ...(log.file ? { logFile: log.file } : {}),
    log,
  });

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('harness: no TCP address');
  const pages = await HarnessPages.load(options.rendererDir ?? path.join(__dirname, 'renderer'), address.port);
  const harness = new Harness(options, log, loaded, reaper, server, address.port, pages);
  log.event('harness.listening', { port: address.port });
  process.stdout.write(`${harness.readyLine()}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`harness: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
