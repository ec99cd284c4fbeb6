// The browser pipelines the bench compares the harness with: a page over the same WebSocket
// protocol (e2e/harness/harness-socket.ts) and a bare pty behind it, Ctrl+C written to the pty like any key, and
// the window closing ends it with pty.kill() of the shell pid only.
// - naive (default): output forwarded as fast as the pty gives it (acks ignored, never paused).
// - peer (`--ack-flow-control`, with the peer page of bench/peer): VS Code's flow control —
//   pause the pty past 100 000 unacknowledged chars, resume under 5 000 — and nothing else.
// - the peer page's plain modes (`?plain=MODE`, bench/peer/plain.ts): but for the bridge mode, its
//   pane's output as raw text frames on a socket of its own (`/plain`), with the same flow control.
// Every pane the page sizes gets its own pty (VS Code's pty host runs all of a window's
// terminals), started on the pane's first resize; the last pty's end ends the harness.
//   node naive-harness.js [--ack-flow-control] [--renderer-dir DIR] [--cwd DIR] [--env KEY=VALUE]... -- PROGRAM ARGS...
// Prints the harness' ready line: {"url","port","token","pid"}. GET /stats?token= answers memory,
// GET /event-loop?token= the event-loop delay since the last ask, POST /key?token= lets the page
// have every key (as ripcord's harness, whose main decides).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import * as pty from 'node-pty';
import { WebSocketServer, type WebSocket } from 'ws';
import { DEFAULT_CONFIG } from '../../main/core/config';
import { FlowControl } from '../../main/core/flow-control';
import { rendererSettings } from '../../main/desktop/renderer-settings';
import { HARNESS_PAGE_SCRIPT, HarnessPages, PRELOAD_SCRIPT, requestUrl, send } from '../../e2e/harness/pages';
import { EventLoopDelayProbe } from '../../e2e/harness/event-loop-delay';
import { IpcChannel, type RendererSettings } from '../../contracts/renderer';
import { parseAck, parseInput, parsePaneRequest, parseResize } from '../../contracts/renderer-checks';
import type { WindowLayout } from '../../contracts/panes';
import { HarnessChannel, parsePageMessage, type HostMessage } from '../../e2e/harness/harness-socket';
import { VSCODE_HIGH_WATERMARK_CHARS, VSCODE_LOW_WATERMARK_CHARS } from '../peer/flow';
import type { PlainMessage } from '../peer/plain';

interface NaiveOptions {
  rendererDir: string;
  cwd: string;
  env: Record<string, string>;
  command: { file: string; args: string[] };
  /** the peer: VS Code's watermarks */
  ackFlowControl: boolean;
}

function parseArgs(argv: readonly string[]): NaiveOptions {
  const options: NaiveOptions = {
    rendererDir: path.join(__dirname, '..', '..', '..', 'dist', 'harness-renderer'),
    cwd: process.cwd(),
    env: {},
    command: { file: '/bin/sh', args: [] },
    ackFlowControl: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1] ?? '';
    if (arg === '--') {
      const [file, ...args] = argv.slice(i + 1);
      if (file !== undefined) options.command = { file, args };
      break;
    }
    if (arg === '--ack-flow-control') {
      options.ackFlowControl = true;
      continue;
    }
    if (arg === '--renderer-dir') options.rendererDir = value;
    else if (arg === '--cwd') options.cwd = value;
    else if (arg === '--env') {
      const eq = value.indexOf('=');
      options.env[value.slice(0, eq)] = value.slice(eq + 1);
    } else throw new Error(`naive-harness: unknown option ${String(arg)}`);
    i++;
  }
  return options;
}

/** Where a pty's output goes: the page's bridge (the harness socket's messages) or the plain page's socket. */
interface OutputSink {
  data(data: string): void;
  exit(exitCode: number): void;
}

/** A pane's output as the harness socket carries it to the page's bridge. */
function bridgeSink(pane: string, out: (message: HostMessage) => void): OutputSink {
  return {
    data: (data) => out({ channel: IpcChannel.data, args: [pane, data] }),
    exit: (exitCode) => out({ channel: IpcChannel.exit, args: [pane, { exitCode }] }),
  };
}

/** The window's first pane, as ripcord's window starts: the naive page shows only it. */
const PANE = '1';
const ONE_PANE: WindowLayout = { tabs: [{ id: '1', root: { pane: PANE } }], active: '1', focused: PANE };

// the defaults exactly as ripcord's page gets them (its minimumContrastRatio and theme included)
const SETTINGS: RendererSettings = rendererSettings(DEFAULT_CONFIG, [], '');

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const token = randomBytes(24).toString('base64url');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('naive-harness: no TCP address');
  // ripcord's shipped preload gives the page its window.ripcord over this socket, as in ripcord's harness
  const dist = process.env.RIPCORD_DIST ?? path.join(__dirname, '..', '..', '..', 'dist');
  const pages = await HarnessPages.load(
    options.rendererDir,
    [address.port],
    path.join(__dirname, HARNESS_PAGE_SCRIPT),
    path.join(dist, PRELOAD_SCRIPT),
  );
  const wss = new WebSocketServer({ noServer: true });
  const children = new Map<string, { pty: pty.IPty; flow: FlowControl | undefined }>();
  const eventLoop = new EventLoopDelayProbe();

  server.on('request', (req, res) => {
    const url = requestUrl(req);
    if (url.pathname === '/stats' && url.searchParams.get('token') === token) {
      send(
        res,
        200,
        'application/json',
        JSON.stringify({ pid: process.pid, sessionPid: children.get(PANE)?.pty.pid ?? null, memory: process.memoryUsage() }),
      );
      return;
    }
    if (url.pathname === '/key' && req.method === 'POST' && url.searchParams.get('token') === token) {
      // the page asks about every key (the harness shim's before-input-event): a naive terminal
      // keeps none from xterm, which sends a Ctrl+C on to the pty as the byte, like any key
      req.resume().on('end', () => send(res, 200, 'application/json', JSON.stringify({ page: true })));
      return;
    }
    if (url.pathname === '/event-loop' && url.searchParams.get('token') === token) {
      send(res, 200, 'application/json', JSON.stringify(eventLoop.read()));
      return;
    }
    void pages.serve(url.pathname, res).then((served) => {
      if (!served) send(res, 404, 'text/plain', 'not found\n');
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if (requestUrl(req).searchParams.get('token') !== token) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const url = requestUrl(req);
    if (url.pathname === '/plain') wss.handleUpgrade(req, socket, head, (ws) => attachPlain(ws, url.searchParams.get('pane') ?? PANE));
    else wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  /** The peer page's plain mode (bench/peer/plain.ts): the pane's output as raw text frames, its acks, input and size as JSON. */
  function attachPlain(ws: WebSocket, pane: string): void {
    const sink: OutputSink = { data: (data) => ws.send(data), exit: () => ws.close() };
    ws.on('message', (raw) => {
      let message: Partial<Record<'resize' | 'ack' | 'input', unknown>>;
      try {
        message = JSON.parse(raw.toString()) as PlainMessage;
      } catch {
        return;
      }
      const child = children.get(pane);
      if (typeof message.input === 'string') child?.pty.write(message.input);
      else if (typeof message.ack === 'number' && child?.flow?.onAck(message.ack) === 'resume') child.pty.resume();
      else if (Array.isArray(message.resize) && typeof message.resize[0] === 'number' && typeof message.resize[1] === 'number') {
        if (child) child.pty.resize(message.resize[0], message.resize[1]);
        else children.set(pane, start(pane, message.resize[0], message.resize[1], sink));
      }
    });
  }

  function attach(ws: WebSocket): void {
    const out = (message: HostMessage): void => ws.send(JSON.stringify(message));
    ws.on('message', (raw) => {
      const parsed = parsePageMessage(raw.toString());
      if (!parsed.ok) return;
      const message = parsed.value;
      // typed text: the page has it already, and a naive terminal keeps no key from it
      if (message.channel === HarnessChannel.typed) return;
      const { channel, id } = message;
      const request = parsePaneRequest(message.args);
      const args = request.ok ? request.value.args : [];
      const child = request.ok ? children.get(request.value.pane) : undefined;
      if (channel === IpcChannel.input) {
        const data = parseInput(args);
        if (data.ok) child?.pty.write(data.value);
      } else if (channel === IpcChannel.ack) {
        const chars = parseAck(args);
        if (chars.ok && child?.flow?.onAck(chars.value) === 'resume') child.pty.resume();
      } else if (channel === IpcChannel.getSettings && id !== undefined) {
        out({ channel, id, args: [SETTINGS] });
        out({ channel: IpcChannel.layout, args: [ONE_PANE] });
      } else if (channel === IpcChannel.resize) {
        const size = parseResize(args);
        if (!size.ok || !request.ok) return;
        if (child) child.pty.resize(size.value.cols, size.value.rows);
        else
          children.set(
            request.value.pane,
            start(request.value.pane, size.value.cols, size.value.rows, bridgeSink(request.value.pane, out)),
          );
      }
    });
    ws.on('close', () => {
      killAll(); // the naive exit: SIGHUP to the shell pids only
      process.exit(0);
    });
  }

  function killAll(): void {
    for (const child of children.values()) child.pty.kill();
  }

  function start(pane: string, cols: number, rows: number, sink: OutputSink): { pty: pty.IPty; flow: FlowControl | undefined } {
    const flow = options.ackFlowControl ? new FlowControl(VSCODE_HIGH_WATERMARK_CHARS, VSCODE_LOW_WATERMARK_CHARS) : undefined;
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
    const spawned = pty.spawn(options.command.file, options.command.args, {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: options.cwd,
      env: { ...env, ...options.env, COLORTERM: 'truecolor' },
    });
    spawned.onData((data) => {
      sink.data(data);
      if (flow?.onSent(data.length) === 'pause') spawned.pause();
    });
    spawned.onExit(({ exitCode }) => {
      sink.exit(exitCode);
      children.delete(pane);
      if (children.size === 0) process.exit(0);
    });
    return { pty: spawned, flow };
  }

  process.on('SIGTERM', () => {
    killAll();
    process.exit(143);
  });
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${address.port}/?token=${token}`, port: address.port, token, pid: process.pid })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`naive-harness: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
