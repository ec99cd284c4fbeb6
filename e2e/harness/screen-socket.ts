// The harness session host's screen (harness-socket.ts's messages): a WebSocket of its
// own on 127.0.0.1, since child_process.fork cannot hand a MessagePort over as Electron's
// utilityProcess does. One page, with the token, from the harness page's origin; what the host
// sends before the page connects waits for it (bounded by flow control: unacknowledged output).
import http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { parsePageMessage } from './harness-socket';
import { toDisposable, type Disposable } from '../../main/core/disposable';
import type { Logger } from '../../main/platform/log/log';
import type { HostScreen } from '../../main/session-host/pane-programs';
import { requestUrl } from './pages';

/** An ack or a stop request is a few bytes; a page sends nothing bigger here. */
const MAX_PAYLOAD_BYTES = 64 * 1024;

export class ScreenSocket implements HostScreen {
  readonly token = randomBytes(24).toString('base64url');
  private readonly server = http.createServer((_req, res) => res.writeHead(404).end());
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  private client: WebSocket | undefined;
  private backlog: string[] = [];
  private readonly listeners = new Set<(channel: unknown, args: unknown) => void>();

  constructor(
    private readonly pageOrigin: string,
    private readonly log: Logger,
  ) {
    this.server.on('upgrade', (req, socket, head) => {
      const url = requestUrl(req);
      const given = Buffer.from(url.searchParams.get('token') ?? '');
      const expected = Buffer.from(this.token);
      const reason =
        url.pathname !== '/screen'
          ? 'wrong path'
          : given.length !== expected.length || !timingSafeEqual(given, expected)
            ? 'bad token'
            : req.headers.origin !== pageOrigin
              ? `foreign origin ${String(req.headers.origin)}`
              : this.client
                ? 'a page is already connected'
                : undefined;
      if (reason) {
        log.warn('host.screen-rejected', { reason });
        socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.attach(ws));
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        const address = this.server.address();
        if (address === null || typeof address === 'string') reject(new Error('screen socket: no TCP address'));
        else resolve(address.port);
      });
    });
  }

  send(channel: string, ...args: unknown[]): void {
    const text = JSON.stringify({ channel, args });
    if (this.client) this.client.send(text);
    else this.backlog.push(text);
  }

  onRequest(listener: (channel: unknown, args: unknown) => void): Disposable {
    this.listeners.add(listener);
    return toDisposable(() => this.listeners.delete(listener));
  }

  private attach(ws: WebSocket): void {
    this.client = ws;
    for (const text of this.backlog.splice(0)) ws.send(text);
    ws.on('message', (raw, isBinary) => {
      const parsed = isBinary ? undefined : parsePageMessage(raw.toString());
      if (!parsed?.ok) {
        this.log.warn('host.screen-message-dropped', { reason: parsed ? parsed.error : 'binary frame' });
        return;
      }
      for (const listener of this.listeners) listener(parsed.value.channel, parsed.value.args);
    });
    ws.on('close', () => {
      if (this.client === ws) this.client = undefined;
    });
    ws.on('error', (error) => this.log.warn('host.screen-error', { error: String(error) }));
  }
}
