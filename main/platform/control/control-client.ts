// The other end of control-server.ts: finds this user's running ripcords and asks them.
// A socket nobody answers on is a dead host's: it is removed, never trusted.
import net from 'node:net';
import { lstat, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type ControlAnswer, type ControlRequest, MAX_ANSWER_BYTES } from '../../../contracts/control-socket';
import { openRuntimeDir } from './runtime-dir';

/** A live host answers in milliseconds; a stop waits for the staged kill (grace ≤ 60 s) plus slack. */
export const PS_TIMEOUT_MS = 3_000;
export const STOP_TIMEOUT_MS = 70_000;
const SOCKET_NAME = /^(\d+)\.sock$/;
/**
 * A host binds its socket a moment before it listens: one that refused a connection is asked
 * again this much later before the sweep at a start removes it.
 */
const STALE_RECHECK_MS = 100;

/** `closed`: the host hung up without a word — it exited meanwhile, or is not a ripcord host. */
export type Reply = { kind: 'answer'; answer: ControlAnswer } | { kind: 'stale' } | { kind: 'closed' } | { kind: 'failed'; error: string };

export function ask(socketPath: string, request: ControlRequest, timeoutMs: number): Promise<Reply> {
  return new Promise((resolve) => {
    let text = '';
    let settled = false;
    const finish = (reply: Reply): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(reply);
    };
    const socket = net.connect(socketPath, () => socket.write(`${JSON.stringify(request)}\n`));
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => finish({ kind: 'failed', error: `no answer within ${timeoutMs} ms` }));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const dead = error.code === 'ECONNREFUSED' || error.code === 'ENOENT';
      finish(dead ? { kind: 'stale' } : { kind: 'failed', error: error.message });
    });
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_ANSWER_BYTES) finish({ kind: 'failed', error: 'answer too long' });
    });
    socket.on('end', () => {
      if (text === '') {
        finish({ kind: 'closed' });
        return;
      }
      try {
        finish({ kind: 'answer', answer: JSON.parse(text) as ControlAnswer });
      } catch {
        finish({ kind: 'failed', error: 'the answer is not JSON' });
      }
    });
  });
}

export interface HostEntry {
  id: number;
  socketPath: string;
}

export type HostList = { ok: true; dir: string; hosts: HostEntry[] } | { ok: false; error: string; noDir?: boolean };

/** The sockets in this user's runtime directory (refused if the directory is not private). */
export async function listHosts(): Promise<HostList> {
  const opened = await openRuntimeDir({ create: false });
  if (!opened.ok) return { ok: false, error: opened.error, noDir: opened.error.includes('does not exist') };
  const names = await readdir(opened.value).catch(() => [] as string[]);
  const hosts = names.flatMap((name) => {
    const match = SOCKET_NAME.exec(name);
    return match ? [{ id: Number(match[1]), socketPath: path.join(opened.value, name) }] : [];
  });
  return { ok: true, dir: opened.value, hosts: hosts.sort((a, b) => a.id - b.id) };
}

/** Whether anything accepts a connection on the socket: false means a dead host's file (or none). */
export function isListening(socketPath: string, timeoutMs = PS_TIMEOUT_MS): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath, () => {
      socket.destroy();
      resolve(true);
    });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? false : undefined),
    );
  });
}

/** Removes every socket in the directory that nothing answers on: hosts that died without their exit path. */
export async function removeStaleSockets(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!SOCKET_NAME.test(name)) continue;
    const socketPath = path.join(dir, name);
    if ((await isListening(socketPath)) !== false) continue;
    await new Promise((resolve) => setTimeout(resolve, STALE_RECHECK_MS));
    if ((await isListening(socketPath)) === false) await removeStale(socketPath);
  }
}

/** Removes a dead host's socket, and only a socket: the directory is ours, its entries are checked anyway. */
export async function removeStale(socketPath: string): Promise<void> {
  const info = await lstat(socketPath).catch(() => undefined);
  if (info?.isSocket()) await unlink(socketPath).catch(() => undefined);
}
