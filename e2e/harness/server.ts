// The browser harness (test-only, DESIGN §1): serves the real renderer to a browser and
// bridges it over a loopback WebSocket to the desktop's own session wiring — the window's panes
// (PaneWindow), DesktopSession, the host signal table, the key entry, the session host process — on the real
// core, reaper and pty: a WebSocket instead of IPC (contracts/harness-socket.ts), the page's key
// messages instead of before-input-event, process.exit instead of app.exit, the page closing
// instead of the window, child_process.fork instead of utilityProcess and the host's own
// WebSocket instead of a MessagePort. When ready it prints one JSON line on stdout:
// {"url", "port", "token", "pid", "reaperPid", "hostPid", "log"}.
// Page URL options: ?token=…&screen=PORT&screenToken=…&renderer=webgl|dom. Memory probe: GET
// /stats?token=…; event-loop delay since the last ask: GET /event-loop?token=… (event-loop-delay.ts).
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RawData } from 'ws';
import { EXIT_CODE_INTERNAL_ERROR, EXIT_CODE_USAGE } from '../../main/core/exit-codes';
import { loadConfig, type LoadedConfig } from '../../main/platform/files/config-file';
import { ConfigWatcher } from '../../main/platform/files/config-watch';
import { openLog, type Logger } from '../../main/platform/log/log';
import { logUnexpectedErrors } from '../../main/platform/log/unexpected-errors';
import { ReaperClient } from '../../main/platform/reaper/reaper-client';
import { IpcChannel, isEventChannel, isScreenRequestChannel } from '../../contracts/renderer';
import { handleRequest, refuse, type Parsed } from '../../contracts/renderer-checks';
import { HarnessChannel, parsePageMessage, type HostMessage, type PageMessage } from '../../contracts/harness-socket';
import { DesktopSession, type RendererChannel } from '../../main/session/desktop-session';
import { enterKey } from '../../main/session/key-entry';
import { installSignalTriggers } from '../../main/session/host-signals';
import { SessionHostProcess } from '../../main/session/host/session-host-process';
import { hostedPaneWindow } from '../../main/session/hosted-panes';
import type { PaneWindow } from '../../main/session/pane-window';
import { EventLoopDelayProbe } from './event-loop-delay';
import { forkSessionHost } from './forked-host';
import { parseHarnessArgs } from './options';
import { HARNESS_PAGE_SCRIPT, HarnessPages, requestUrl, send } from './pages';

/** A 1 MB paste JSON-escapes to a few MB; past this the socket is closed (code 1009). */
const MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;
/** Bound on the forked session host opening its screen socket (a Node start and a listen). */
const HOST_READY_MS = 20_000;
/** The harness session host's bundle, beside this one (build/bundle-test.mjs). */
const HOST_SCRIPT = 'harness-session-host.js';

interface HostScreenAddress { port: number; token: string }

class Harness {
  private readonly token = randomBytes(24).toString('base64url');
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  private client: WebSocket | undefined;
  private sessionPid: number | undefined;
  private readonly desktop: DesktopSession;
  private readonly eventLoop = new EventLoopDelayProbe();

  constructor(
    private readonly log: Logger,
    private readonly reaper: ReaperClient,
    private readonly panes: PaneWindow,
    private readonly host: SessionHostProcess,
    private readonly screen: HostScreenAddress,
    loaded: LoadedConfig,
    settings: ConfigWatcher,
    server: http.Server,
    private readonly port: number,
    private readonly pages: HarnessPages,
  ) {
    server.on('request', (req, res) => void this.onRequest(req, res));
    server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket, head));
    // the first pane's program: what /stats names (the bench reads it)
    panes.panes.get(panes.current.focused)?.onSpawned(({ pid }) => (this.sessionPid = pid));
    this.desktop = new DesktopSession({
      config: loaded.config,
      log,
      window: panes,
      renderer: this.renderer(),
      host,
      problems: loaded.problems,
      settingsFile: loaded.path,
      // A test harness never opens a browser; the request is logged for the specs.
      openExternal: async (url) => log.event('harness.open-link', { url }),
      // nor an editor: the specs read the request in the log
      openPath: async (file) => {
        log.event('harness.open-path', { file });
        return '';
      },
    });
    // as the desktop does, minus the global shortcut it has not got
    settings.onDidChange((change) => this.desktop.applyConfig(change));
  }

  readyLine(): string {
    const url = `http://127.0.0.1:${this.port}/?token=${this.token}&screen=${this.screen.port}&screenToken=${this.screen.token}`;
    return JSON.stringify({ url, port: this.port, token: this.token, pid: process.pid, reaperPid: this.reaper.pid, hostPid: this.host.pid ?? null, log: this.log.file ?? null });
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
      const stats = { pid: process.pid, sessionPid: this.sessionPid ?? null, reaperPid: this.reaper.pid, hostPid: this.host.pid ?? null, memory: process.memoryUsage() };
      return send(res, 200, 'application/json', JSON.stringify(stats));
    }
    if (url.pathname === '/event-loop') {
      if (!this.tokenMatches(url.searchParams.get('token'))) return send(res, 403, 'text/plain', 'bad token\n');
      return send(res, 200, 'application/json', JSON.stringify(this.eventLoop.read()));
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
      this.panes.trigger({ kind: 'window-close' });
    });
    ws.on('error', (error) => this.log.warn('harness.client-error', { error: String(error) }));
  }

  private onMessage(raw: RawData, isBinary: boolean): void {
    const parsed: Parsed<PageMessage> = isBinary ? refuse('binary frame') : parsePageMessage(raw.toString());
    if (!parsed.ok) {
      this.log.warn('harness.message-dropped', { reason: parsed.problem });
      return;
    }
    const message = parsed.value;
    if (message.channel === HarnessChannel.key) {
      // before the page handles the key, as before-input-event in the desktop (input-guard.ts)
      enterKey(message.args[0], this.panes, this.log);
      return;
    }
    const { channel, args, id } = message;
    if (isScreenRequestChannel(channel)) {
      this.log.warn('harness.message-dropped', { reason: `${channel}: the screen's requests go to the session host` });
      return;
    }
    const handled = handleRequest(this.desktop, channel, args);
    if (!handled.ok) {
      this.log.warn('harness.message-dropped', { reason: `${channel}: ${handled.problem}` });
      return;
    }
    if (channel === IpcChannel.getSettings && id !== undefined && handled.value) this.send({ channel, id, args: [handled.value] });
  }

  private send(message: HostMessage): void {
    this.client?.send(JSON.stringify(message));
  }

  /** The page as DesktopSession sends to it: each IPC event as a WebSocket message on the same channel. */
  private renderer(): RendererChannel {
    return {
      send: (channel, ...args) => {
        if (isEventChannel(channel)) this.client?.send(JSON.stringify({ channel, args }));
        else this.log.warn('harness.unknown-channel', { channel });
      },
      isDestroyed: () => this.client === undefined,
      paste: () => this.send({ channel: HarnessChannel.paste, args: [] }),
    };
  }
}

async function main(): Promise<void> {
  const parsed = parseHarnessArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`harness: ${parsed.error}\n`);
    process.exit(EXIT_CODE_USAGE);
  }
  const options = parsed.options;
  const loaded = loadConfig(options.config);
  const log = openLog({ ...(options.log ? { file: options.log } : {}), level: loaded.config.logLevel });
  logUnexpectedErrors(log);
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
  const host = new SessionHostProcess(forkSessionHost(path.join(__dirname, HOST_SCRIPT), `http://127.0.0.1:${address.port}`), reaper, log);
  const screen = await hostScreen(host);

  // as the desktop: the page's keys come to the key entry (Harness.onMessage), so its input is only data
  const panes = hostedPaneWindow({
    config: loaded.config,
    log,
    reaper,
    // as the desktop: the host hears the last words, and one that can no longer be asked to go is killed
    host: { restore: () => host.exiting(), exit: (code) => process.exit(code) },
    sessionHost: () => host,
    tools: 'harness',
    settingsFile: loaded.path,
    ...(options.command ? { command: options.command } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  process.on('uncaughtException', (error) => {
    log.error('harness.uncaught', { error: error.stack ?? String(error) });
    panes.exitNow(EXIT_CODE_INTERNAL_ERROR, 'uncaught exception');
  });
  // As the desktop: SIGINT is a press from process start on, the spawn included.
  installSignalTriggers({ signals: process, trigger: panes.trigger, log });

  const pages = await HarnessPages.load(options.rendererDir ?? path.join(__dirname, 'renderer'), [address.port, screen.port], path.join(__dirname, HARNESS_PAGE_SCRIPT));
  const settings = new ConfigWatcher(loaded.path, loaded.config, loaded.problems, log);
  const harness = new Harness(log, reaper, panes, host, screen, loaded, settings, server, address.port, pages);
  log.event('harness.listening', { port: address.port });
  process.stdout.write(`${harness.readyLine()}\n`);
}

/** The forked host's screen socket, once it listens (bounded: a host that never says is a start failure). */
function hostScreen(host: SessionHostProcess): Promise<HostScreenAddress> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the session host did not open its screen socket within ${HOST_READY_MS} ms`)), HOST_READY_MS);
    const said = host.onScreen((address) => {
      clearTimeout(timer);
      said.dispose();
      resolve(address);
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`harness: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(EXIT_CODE_INTERNAL_ERROR);
});
