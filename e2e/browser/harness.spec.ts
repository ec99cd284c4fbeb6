// The harness' own guard rails: who may connect, and what happens to bad messages.
// No browser here — a plain WebSocket client plays a hostile or broken page.
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { type Harness, harnessLog, startHarness, stopHarness, waitFor } from './harness-fixture';

let harness: Harness | undefined;

test.afterEach(async () => {
  if (harness) await stopHarness(harness);
  harness = undefined;
});

function connect(h: Harness, token: string, origin = `http://127.0.0.1:${h.port}`): Promise<{ ws: WebSocket } | { status: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/ws?token=${encodeURIComponent(token)}`, { origin });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', reject);
  });
}

/** The answer of the invoke `id` (events such as the layout it triggers may come first, as over IPC). */
function answer(ws: WebSocket, id: number): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const listener = (data: WebSocket.RawData): void => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      if (message.id !== id) return;
      ws.off('message', listener);
      resolve(message);
    };
    ws.on('message', listener);
  });
}

test('a WebSocket without the token, or from another origin, is refused; a second page too', async () => {
  harness = await startHarness();
  expect(await connect(harness, 'wrong-token')).toEqual({ status: 403 });
  expect(await connect(harness, '')).toEqual({ status: 403 });
  expect(await connect(harness, harness.token, 'http://evil.example')).toEqual({ status: 403 });
  const stats = await fetch(`http://127.0.0.1:${harness.port}/stats?token=nope`);
  expect(stats.status).toBe(403);

  const first = await connect(harness, harness.token);
  expect('ws' in first).toBe(true);
  expect(await connect(harness, harness.token)).toEqual({ status: 409 });
  // the log's writer is asynchronous: the 409 can reach us before its line reaches the file
  const h = harness;
  const rejected = await waitFor('the four rejections in the log', 10_000, async () => {
    const reasons = (await harnessLog(h)).filter((e) => e.name === 'harness.client-rejected').map((e) => e.reason);
    return reasons.length >= 4 ? reasons : undefined;
  });
  expect(rejected).toEqual(['bad token', 'bad token', 'foreign origin http://evil.example', 'a page is already connected']);
  if ('ws' in first) first.ws.close();
  // the page going away is the window closing: exit 0
  expect(await harness.exited).toEqual({ code: 0, signal: null });
});

test("the harness's window is the desktop's: wireTerminalWindow wires it, with the global shortcut and the IPC checks", async () => {
  harness = await startHarness();
  const names = (await harnessLog(harness)).map((e) => e.name);
  // both logged by main/desktop/terminal-window.ts's wiring, which the harness runs on its socket's stand-ins
  expect(names).toContain('window.created');
  expect(names).toContain('shortcut.registered');
});

test('malformed messages are logged and dropped; the connection keeps working', async () => {
  harness = await startHarness();
  const h = harness;
  const connection = await connect(h, h.token);
  if (!('ws' in connection)) throw new Error(`refused: ${connection.status}`);
  const { ws } = connection;
  const bad = [
    'not json',
    '[1,2]',
    'null',
    '{"channel":"bogus","args":[]}',
    '{"channel":"ripcord:input"}',
    '{"channel":"ripcord:resize","args":[-1,24]}',
    '{"channel":"ripcord:resize","args":[80.5,24]}',
    '{"channel":"ripcord:resize","args":[80,4097]}',
    '{"channel":"ripcord:input","args":[42]}',
    '{"channel":"ripcord:ack","args":["5000"]}',
    '{"channel":"ripcord:ack","args":[0]}',
    '{"channel":"ripcord:get-settings","args":[]}',
  ];
  for (const text of bad) ws.send(text);
  ws.send(Buffer.from([1, 2, 3]), { binary: true });
  const dropped = await waitFor('every bad message to be logged', 10_000, async () => {
    // what the socket cannot carry is the harness's to drop; a request with bad arguments is the desktop's IPC checks'
    const entries = (await harnessLog(h)).filter((e) => e.name === 'harness.message-dropped' || e.name === 'ipc.dropped');
    return entries.length >= bad.length + 1 ? entries : undefined;
  });
  expect(dropped.map((e) => e.reason)).toContain('binary frame');
  expect(dropped.map((e) => e.reason)).toContain('not JSON');
  // the desktop's own IPC checks (ipc-handlers.ts, installed by wireTerminalWindow) dropped the bad resize
  expect(dropped.filter((e) => e.name === 'ipc.dropped').map((e) => e.channel)).toContain('ripcord:resize');

  const reply = answer(ws, 7);
  ws.send(JSON.stringify({ channel: 'ripcord:get-settings', args: [], id: 7 }));
  const settings = await reply;
  expect(settings).toMatchObject({ channel: 'ripcord:get-settings', id: 7, args: [{ ackEveryChars: 5000, problems: [] }] });
  expect(h.exitStatus()).toBeUndefined();
  ws.close();
  await h.exited;
});

test("the session host's screen socket takes only the page (token, origin) and drops malformed requests", async () => {
  harness = await startHarness();
  const h = harness;
  const url = new URL(h.url);
  const screen = (token: string, origin = `http://127.0.0.1:${h.port}`): Promise<{ ws: WebSocket } | { status: number }> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${url.searchParams.get('screen')}/screen?token=${encodeURIComponent(token)}`, { origin });
      ws.once('open', () => resolve({ ws }));
      ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
      ws.once('error', reject);
    });
  expect(await screen('wrong-token')).toEqual({ status: 403 });
  expect(await screen(url.searchParams.get('screenToken') ?? '', 'http://evil.example')).toEqual({ status: 403 });
  const page = await screen(url.searchParams.get('screenToken') ?? '');
  if (!('ws' in page)) throw new Error(`refused: ${page.status}`);
  for (const text of [
    'not json',
    '{"channel":"ripcord:input","args":["rm -rf ~\\r"]}',
    '{"channel":"ripcord:ack","args":["1",-1]}',
    '{"channel":"ripcord:ack","args":[5]}',
  ])
    page.ws.send(text);
  const dropped = await waitFor("the screen's drops to be logged", 10_000, async () => {
    const entries = (await harnessLog(h)).filter(
      (e) => e.name === 'host.screen-message-dropped' || e.name === 'host.screen-request-dropped',
    );
    return entries.length >= 4 ? entries : undefined;
  });
  expect(dropped.map((e) => e.reason)).toEqual([
    'not JSON',
    'not a request to the screen: ripcord:input',
    'ripcord:ack: ack must be an integer in 1..10000000, got -1',
    'ripcord:ack: the pane must be an id of digits, got 5',
  ]);
  const rejected = (await harnessLog(h)).filter((e) => e.name === 'host.screen-rejected').map((e) => e.reason);
  expect(rejected).toEqual(['bad token', 'foreign origin http://evil.example']);
  page.ws.close();
});
