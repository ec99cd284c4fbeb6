// The other end of control-server.ts: finds this user's running ripcords and asks them.
// A socket nobody answers on is a dead host's: it is removed, never trusted.
import net from 'node:net';
import { lstat, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type ControlAnswer, type ControlRequest, MAX_ANSWER_BYTES } from './control-protocol';
import { openRuntimeDir } from './runtime-dir';

/** A live host answers in milliseconds; a stop waits for the staged kill (grace ≤ 60 s) plus slack. */
export const PS_TIMEOUT_MS = 3_000;
export const STOP_TIMEOUT_MS = 70_000;
const SOCKET_NAME = /^(\d+)\.sock$/;

export type Reply = { kind: 'answer'; answer: ControlAnswer } | { kind: 'stale' } | { kind: 'failed'; error: string };

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
      try {
        finish({ kind: 'answer', answer: JSON.parse(text) as ControlAnswer });
      } catch {
        finish({ kind: 'failed', error: 'the answer is not JSON' });
      }
    });
  });
}

export interface HostEntry { id: number; socketPath: string }

export type HostList = { ok: true; dir: string; hosts: HostEntry[] } | { ok: false; error: string; noDir?: boolean };

/** The sockets in this user's runtime directory (refused if the directory is not private). */
export async function listHosts(): Promise<HostList> {
  const opened = await openRuntimeDir({ create: false });
  if (!opened.ok) return { ok: false, error: opened.error, noDir: opened.error.includes('does not exist') };
  const names = await readdir(opened.dir).catch(() => [] as string[]);
  const hosts = names.flatMap((name) => {
    const match = SOCKET_NAME.exec(name);
    return match ? [{ id: Number(match[1]), socketPath: path.join(opened.dir, name) }] : [];
  });
  return { ok: true, dir: opened.dir, hosts: hosts.sort((a, b) => a.id - b.id) };
}

/** Removes a dead host's socket, and only a socket: the directory is ours, its entries are checked anyway. */
export async function removeStale(socketPath: string): Promise<void> {
  const info = await lstat(socketPath).catch(() => undefined);
  if (info?.isSocket()) await unlink(socketPath).catch(() => undefined);
}
