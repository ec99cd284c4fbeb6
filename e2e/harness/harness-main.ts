// The browser harness (test-only, DESIGN §1): serves the real renderer and the shipped preload
// to a browser and runs the desktop's own window wiring (wireTerminalWindow: the key entry
// before-input-event feeds, lifecycle, signals, IPC checks, WindowIpc, the panes) on the
// real core, reaper and pty, behind a transport adapter (socket-window.ts): a loopback WebSocket
// instead of IPC (harness-socket.ts), the page's key messages instead of
// before-input-event, process.exit instead of app.exit, the page closing instead of the window,
// child_process.fork instead of utilityProcess and the host's own WebSocket instead of a
// MessagePort. When ready it prints one JSON line on stdout:
// {"url", "port", "token", "pid", "reaperPid", "hostPid", "log"}.
// Page URL options: ?token=…&screen=PORT&screenToken=…&renderer=webgl|dom. Memory probe: GET
// /stats?token=…; event-loop delay since the last ask: GET /event-loop?token=… (event-loop-delay.ts);
// a key event from outside the page, to main first: POST /key?token=… (Harness.onKey).
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { EXIT_CODE_INTERNAL_ERROR, EXIT_CODE_USAGE } from '../../main/core/exit-codes';
import { loadConfig } from '../../main/platform/files/config-file';
import { defaultLayoutFile } from '../../main/platform/files/layout-file';
import { ConfigWatcher } from '../../main/platform/files/config-watch';
import { openLog, type Logger } from '../../main/platform/log/log';
import { logUnexpectedErrors } from '../../main/platform/log/unexpected-errors';
import { ReaperClient } from '../../main/platform/reaper-client/reaper-client';
import { desktopExitHost } from '../../main/desktop/desktop-exit-host';
import { wireTerminalWindow } from '../../main/desktop/terminal-window';
import { SessionHostProcess } from '../../main/desktop/session-host-process';
import { hostedPaneWindow } from '../../main/desktop/hosted-panes';
import type { PaneWindow } from '../../main/desktop/pane-window';
import { EventLoopDelayProbe } from './event-loop-delay';
import { forkSessionHost, type ForkedHost, type HostScreenAddress } from './forked-host';
import { parseHarnessArgs } from './options';
import { HARNESS_PAGE_SCRIPT, HarnessPages, PRELOAD_SCRIPT, requestUrl, send } from './pages';
import { SocketWindow } from './socket-window';
import { parseKeyInput } from './harness-socket';

/** A 1 MB paste JSON-escapes to a few MB; past this the socket is closed (code 1009). */
const MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;
/** A key event's JSON is a few hundred chars; past this a POST /key is refused. */
const MAX_KEY_BODY_CHARS = 4_096;
/** Bound on the forked session host opening its screen socket (a Node start and a listen). */
const HOST_READY_MS = 20_000;
/** The harness session host's bundle, beside this one (build/bundle-test.mjs). */
const HOST_SCRIPT = 'harness-session-host.js';

/** Epoch ms at sub-millisecond precision: a time the page (the same sum in Chromium) can compare with. */
const epochNow = (): number => performance.timeOrigin + performance.now();

class Harness {
  private readonly token = randomBytes(24).toString('base64url');
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  private sessionPid: number | undefined;
  private readonly eventLoop = new EventLoopDelayProbe();

  constructor(
    private readonly log: Logger,
    private readonly reaper: ReaperClient,
    panes: PaneWindow,
    private readonly host: SessionHostProcess,
    private readonly screen: HostScreenAddress,
    private readonly window: SocketWindow,
    server: http.Server,
    private readonly port: number,
    private readonly pages: HarnessPages,
  ) {
    server.on('request', (req, res) => void this.onRequest(req, res));
    server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket, head));
    // the first pane's program: what /stats names (the bench reads it)
    panes.panes.get(panes.current.focused)?.onSpawned(({ pid }) => (this.sessionPid = pid));
  }

  readyLine(): string {
    const url = `http://127.0.0.1:${this.port}/?token=${this.token}&screen=${this.screen.port}&screenToken=${this.screen.token}`;
    return JSON.stringify({
      url,
      port: this.port,
      token: this.token,
      pid: process.pid,
      reaperPid: this.reaper.pid,
      hostPid: this.host.pid ?? null,
      log: this.log.file ?? null,
    });
  }

  private tokenMatches(candidate: string | null): boolean {
    const expected = Buffer.from(this.token);
    const given = Buffer.from(candidate ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = requestUrl(req);
    if (url.pathname === '/key' && req.method === 'POST') return this.onKey(url, req, res);
    if (req.method !== 'GET') return send(res, 405, 'text/plain', 'GET only (POST /key)\n');
    if (url.pathname === '/favicon.ico') return send(res, 204, 'text/plain', '');
    if (url.pathname === '/stats') {
      if (!this.tokenMatches(url.searchParams.get('token'))) return send(res, 403, 'text/plain', 'bad token\n');
      const stats = {
        pid: process.pid,
        sessionPid: this.sessionPid ?? null,
        reaperPid: this.reaper.pid,
        hostPid: this.host.pid ?? null,
        memory: process.memoryUsage(),
      };
      return send(res, 200, 'application/json', JSON.stringify(stats));
    }
    if (url.pathname === '/event-loop') {
      if (!this.tokenMatches(url.searchParams.get('token'))) return send(res, 403, 'text/plain', 'bad token\n');
      return send(res, 200, 'application/json', JSON.stringify(this.eventLoop.read()));
    }
    if (!(await this.pages.serve(url.pathname, res))) send(res, 404, 'text/plain', 'not found\n');
  }

  /**
   * POST /key?token=… with one KeyInput as JSON: a key event before the page has it — the
   * keyboard, as Electron hands it to main first (before-input-event). The page asks here about
   * each key typed into it (and waits for the answer); tests and the bench press Ctrl+C here from
   * outside, so it reaches main's key entry however busy or hung the page is. Answers
   * {"page": boolean, "at", "done"}: whether the desktop's page would get the key too, and when
   * the key entered main and when main was done with it (epoch ms, which the bench sets beside
   * the page's own: performance.timeOrigin + performance.now() in both). `&after=N`: the page's
   * count of typed keys sent on its socket before this one, which main enters first.
   */
  private async onKey(url: URL, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!this.tokenMatches(url.searchParams.get('token'))) return send(res, 403, 'text/plain', 'bad token\n');
    let body = '';
    for await (const chunk of req) {
      body += String(chunk);
      if (body.length > MAX_KEY_BODY_CHARS) return send(res, 413, 'text/plain', 'a key is a small object\n');
    }
    let raw: unknown;
    try {
      raw = JSON.parse(body);
    } catch {
      return send(res, 400, 'text/plain', 'not JSON\n');
    }
    const key = parseKeyInput([raw]);
    if (!key.ok) return send(res, 400, 'text/plain', `${key.error}\n`);
    // the page's own keys come after the text it typed before them (browser-api.ts)
    const after = Number(url.searchParams.get('after') ?? 0);
    if (Number.isSafeInteger(after) && after > 0) await this.window.afterTyped(after);
    const at = epochNow();
    const { page } = this.window.key(key.value);
    send(res, 200, 'application/json', JSON.stringify({ page, at, done: epochNow() }));
  }

  private onUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = requestUrl(req);
    const origin = `http://127.0.0.1:${this.port}`;
    const reason =
      url.pathname !== '/ws'
        ? 'wrong path'
        : !this.tokenMatches(url.searchParams.get('token'))
          ? 'bad token'
          : req.headers.origin !== origin
            ? `foreign origin ${String(req.headers.origin)}`
            : this.window.connected
              ? 'a page is already connected'
              : undefined;
    if (reason) {
      this.log.warn('harness.client-rejected', { reason });
      socket.end(`HTTP/1.1 ${reason === 'a page is already connected' ? '409 Conflict' : '403 Forbidden'}\r\nconnection: close\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.window.attach(ws));
  }
}

async function main(): Promise<void> {
  const parsed = parseHarnessArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`harness: ${parsed.error}\n`);
    process.exit(EXIT_CODE_USAGE);
  }
  const options = parsed.value;
  const loaded = loadConfig(options.config);
  const log = openLog({ file: options.log, level: loaded.config.logLevel });
  logUnexpectedErrors(log);
  for (const problem of loaded.problems) log.warn('config.problem', { problem });
  const reaper = ReaperClient.start({
    killGraceMs: loaded.config.killGraceMs,
    logFile: log.file,
    log,
  });

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('harness: no TCP address');
  const forked = forkSessionHost(path.join(__dirname, HOST_SCRIPT), `http://127.0.0.1:${address.port}`);
  const host = new SessionHostProcess(forked, reaper, log);
  const screen = await hostScreen(forked);

  const origin = `http://127.0.0.1:${address.port}`;
  const window = new SocketWindow(`${origin}/`, log);
  // as the desktop: the host hears the last words, and one that can no longer be asked to go is killed
  const panes = hostedPaneWindow({
    config: loaded.config,
    log,
    reaper,
    host: desktopExitHost({ app: { exit: (code) => process.exit(code) }, shortcuts: window.shortcuts, beforeExit: () => host.exiting() }),
    sessionHost: () => host,
    hostKind: 'desktop',
    settingsFile: loaded.path,
    layoutFile: defaultLayoutFile(),
    ...(options.command ? { command: options.command } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  process.on('uncaughtException', (error) => {
    log.error('harness.uncaught', { error: error.stack ?? String(error) });
    panes.exitNow(EXIT_CODE_INTERNAL_ERROR, 'uncaught exception');
  });
  const settings = new ConfigWatcher(loaded.path, loaded.config, loaded.problems, log);
  // The desktop's window wiring itself, on the socket's stand-ins of its Electron objects: the
  // keys' entry, close, signals (SIGINT a press from here on, the spawn included), IPC checks.
  wireTerminalWindow(
    {
      config: loaded.config,
      problems: loaded.problems,
      settingsFile: loaded.path,
      log,
      window: panes,
      host,
      configChanges: settings.onDidChange,
    },
    // A test harness never opens a browser; the request is logged for the specs.
    {
      ...window.parts(),
      signals: process,
      // a test harness never opens a browser or an editor: the requests are logged for the specs
      openExternal: async (url) => log.event('harness.open-link', { url }),
      openPath: async (file) => {
        log.event('harness.open-path', { file });
        return '';
      },
    },
  );

  // the page (the harness's build of it, with the test view: build/bundle-test.mjs) beside this
  // bundle, or the one --renderer-dir names; the shipped preload in the directory above it
  const rendererDir = options.rendererDir ?? path.join(__dirname, 'harness-renderer');
  const pages = await HarnessPages.load(
    rendererDir,
    [address.port, screen.port],
    path.join(__dirname, HARNESS_PAGE_SCRIPT),
    path.join(rendererDir, '..', PRELOAD_SCRIPT),
  );
  const harness = new Harness(log, reaper, panes, host, screen, window, server, address.port, pages);
  log.event('harness.listening', { port: address.port });
  process.stdout.write(`${harness.readyLine()}\n`);
}

/** The forked host's screen socket, once it listens (bounded: a host that never says is a start failure). */
function hostScreen(host: ForkedHost): Promise<HostScreenAddress> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the session host did not open its screen socket within ${HOST_READY_MS} ms`)),
      HOST_READY_MS,
    );
    void host.screen.then((address) => {
      clearTimeout(timer);
      resolve(address);
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`harness: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(EXIT_CODE_INTERNAL_ERROR);
});
