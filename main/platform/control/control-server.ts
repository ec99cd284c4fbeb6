// Each running ripcord's control socket (issue #16): `ripcord ps` and `ripcord stop` from any
// terminal of the same user reach the host through it. The socket is 0600 in the 0700 runtime
// directory, so only this user can connect. Every exit removes it (closeAtExit); a host killed
// outright leaves it behind, and the next host to publish, or a client, finds it dead (connect
// fails) and removes it.
import net from 'node:net';
import { unlinkSync } from 'node:fs';
import { chmod, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Disposable } from '../../core/disposable';
import {
  type ControlAnswer,
  MAX_REQUEST_BYTES,
  parseControlRequest,
  SESSION_ENDED_MESSAGE,
  type SessionInfo,
} from '../../../contracts/control-socket';
import type { EventLog } from '../log/event-log';
import { removeStaleSockets } from './control-client';
import { openRuntimeDir } from './runtime-dir';
import type { StopResult } from '../processes/job-stop';
import type { ProcessView } from '../../../contracts/renderer';
import type { Result } from '../../../contracts/result';

/** What the socket's requests reach: the session's process view and stop key (SessionControl). */
export interface ControlTarget {
  readonly stopsInProgress: string[];
  view(): Promise<ProcessView>;
  stopJob(): Promise<StopResult>;
  stopProcess(pid: number): Promise<StopResult>;
}

/** A client that sends no full request in this long is dropped: a host never waits on a client. */
const REQUEST_TIMEOUT_MS = 5_000;
/**
 * Connections served at once (DESIGN §4): `ripcord ps` and `stop` need one each; past this the
 * kernel's accept is closed at once, so a session that floods the socket cannot use up the
 * host's descriptors (the exit path's and a new reaper's).
 */
export const MAX_CONNECTIONS = 8;
/** A connection's whole life, answer included (a stop waits for its staged kill): then it is closed. */
const CONNECTION_MAX_MS = 30_000;
/** Bytes a connection may send in all, request included; more closes it. */
const MAX_CONNECTION_BYTES = 2 * MAX_REQUEST_BYTES;
/** Refused connections are counted and logged at most once per this period: a flood makes a line, not a flood of lines. */
const REFUSED_LOG_PERIOD_MS = 1_000;

export interface ControlServerOptions {
  control: ControlTarget;
  info: () => Omit<SessionInfo, 'view'>;
  log: EventLog;
  /** default: the user's runtime directory */
  dir?: string;
}

export type Published = Result<ControlServer>;

export class ControlServer implements Disposable {
  private closed = false;

  private constructor(
    private readonly server: net.Server,
    readonly socketPath: string,
    private readonly pendingStops: Set<net.Socket>,
    private readonly control: ControlTarget,
  ) {}

  /** Publishes the session; a refused directory is a value (the session runs on without it). */
  static async publish(options: ControlServerOptions): Promise<Published> {
    const opened = await openRuntimeDir({ create: true, dir: options.dir });
    if (!opened.ok) return opened;
    const socketPath = path.join(opened.value, `${options.info().id}.sock`);
    // the id is a pid, unique among live processes: a file with our name is a dead session's
    await unlink(socketPath).catch(() => undefined);
    const pendingStops = new Set<net.Socket>();
    const server = net.createServer((socket) => serve(socket, options, pendingStops));
    server.maxConnections = MAX_CONNECTIONS;
    let refused = 0;
    server.on('drop', () => {
      if (refused++ > 0) return;
      setTimeout(() => {
        options.log.warn('control.refused', { connections: refused, max: MAX_CONNECTIONS });
        refused = 0;
      }, REFUSED_LOG_PERIOD_MS).unref();
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(socketPath, () => resolve());
      });
      await chmod(socketPath, 0o600);
    } catch (error) {
      server.close();
      return { ok: false, error: `cannot publish ${socketPath}: ${String(error)}` };
    }
    server.unref(); // never keeps a host alive
    server.on('error', (error) => options.log.warn('control.error', { error: String(error) }));
    options.log.event('control.published', { socket: socketPath });
    // dead hosts' sockets (killed outright, no exit path ran) go now, not at someone's next `ps`
    void removeStaleSockets(opened.value);
    return { ok: true, value: new ControlServer(server, socketPath, pendingStops, options.control) };
  }

  /**
   * Inside the exit path (synchronous, never waits): a stop still running gets its answer — a
   * small write to a unix socket with an empty queue leaves at once — and the file goes.
   */
  closeAtExit(): void {
    if (this.closed) return;
    this.closed = true;
    const what = this.control.stopsInProgress.join('; ');
    const message = what === '' ? SESSION_ENDED_MESSAGE : `${what}: ${SESSION_ENDED_MESSAGE}`;
    for (const socket of this.pendingStops) answer(socket, { ok: true, message, stopped: [] });
    this.server.close();
    try {
      // eslint-disable-next-line no-restricted-syntax -- the exit path cannot wait for the thread pool: one unlink in the runtime directory (tmpfs)
      unlinkSync(this.socketPath);
    } catch {
      // gone already: nothing to remove
    }
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.server.close();
    void unlink(this.socketPath).catch(() => undefined);
  }
}

function answer(socket: net.Socket, value: ControlAnswer): void {
  if (!socket.destroyed) socket.end(`${JSON.stringify(value)}\n`);
}

function serve(socket: net.Socket, options: ControlServerOptions, pendingStops: Set<net.Socket>): void {
  let buffered = '';
  let answered = false;
  let received = 0;
  socket.setEncoding('utf8');
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  const lifetime = setTimeout(() => socket.destroy(), CONNECTION_MAX_MS).unref();
  socket.on('close', () => clearTimeout(lifetime));
  socket.on('error', () => undefined);
  socket.on('close', () => pendingStops.delete(socket));
  const reply = (value: ControlAnswer): void => {
    pendingStops.delete(socket);
    answer(socket, value);
  };
  socket.on('data', (chunk: string) => {
    received += chunk.length;
    if (received > MAX_CONNECTION_BYTES) socket.destroy();
    if (answered || socket.destroyed) return;
    buffered += chunk;
    if (buffered.length > MAX_REQUEST_BYTES) {
      answered = true;
      reply({ ok: false, message: 'request too long' });
      return;
    }
    const end = buffered.indexOf('\n');
    if (end < 0) return;
    answered = true;
    socket.setTimeout(0);
    const request = parseControlRequest(buffered.slice(0, end));
    if (!request) {
      reply({ ok: false, message: 'not a ripcord control request' });
      return;
    }
    options.log.event('control.request', { ...request });
    if (request.op === 'stop') pendingStops.add(socket);
    const work: Promise<ControlAnswer> =
      request.op === 'ps'
        ? options.control.view().then((view) => ({ ok: true, session: { ...options.info(), view } }))
        : (request.pid === undefined ? options.control.stopJob() : options.control.stopProcess(request.pid)).then((r) =>
            r.ok ? { ok: true, message: r.message, stopped: r.stopped } : { ok: false, message: r.message },
          );
    work.then(reply, (error: unknown) => reply({ ok: false, message: `host failed: ${String(error)}` }));
  });
}
