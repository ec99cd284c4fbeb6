// The host's live memory, as V8 counts it after a full collection, read through Node's inspector
// (a `ripcord run` started with --inspect): `heapUsed + external` after `HeapProfiler.collectGarbage`.
// Unlike the resident set, it does not depend on how large V8 lets its young generation grow on
// a given machine (--max-semi-space-size), nor on when it last collected — so a bound on it is a
// bound on what the host holds, the same on every machine.
import { createServer } from 'node:net';
import WebSocket from 'ws';
import { waitUntil } from './tmux';

/** A port nobody listens on now, for the host's --inspect. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Reply {
  id: number;
  result?: { result?: { value?: unknown } };
  error?: { message: string };
}

export class HostInspector {
  private nextId = 0;
  private readonly waiting = new Map<number, (reply: Reply) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: WebSocket.RawData) => {
      const reply = JSON.parse(data.toString()) as Reply;
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  /** Connects to the inspector on `port` once the host listens there. */
  static async connect(port: number): Promise<HostInspector> {
    const url = await waitUntil(`the host's inspector on port ${port}`, async () => {
      const targets = await fetch(`http://127.0.0.1:${port}/json/list`).then(
        (r) => r.json() as Promise<{ webSocketDebuggerUrl?: string }[]>,
        () => undefined,
      );
      return targets?.[0]?.webSocketDebuggerUrl;
    });
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new HostInspector(socket);
  }

  private send(method: string, params: Record<string, unknown> = {}): Promise<Reply> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => (reply.error ? reject(new Error(`${method}: ${reply.error.message}`)) : resolve(reply)));
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** heapUsed + external, in bytes, right after a full collection. */
  async liveBytes(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    const reply = await this.send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    const usage = JSON.parse(String(reply.result?.result?.value)) as NodeJS.MemoryUsage;
    return usage.heapUsed + usage.external;
  }

  /** Writes a heap snapshot of the host to `file` (for finding what grows). */
  async heapSnapshot(write: (chunk: string) => void): Promise<void> {
    const onChunk = (data: WebSocket.RawData): void => {
      const message = JSON.parse(data.toString()) as { method?: string; params?: { chunk: string } };
      if (message.method === 'HeapProfiler.addHeapSnapshotChunk' && message.params) write(message.params.chunk);
    };
    this.socket.on('message', onChunk);
    try {
      await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: true });
    } finally {
      this.socket.off('message', onChunk);
    }
  }

  close(): void {
    this.socket.close();
  }
}
