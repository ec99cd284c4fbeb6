// The session host's ends of its channels on real MessagePorts (node:worker_threads), each given
// the shape Electron's MessagePortMain and parentPort have: a message event with `data` (and
// `ports`), `start` to begin delivery. The page's end stays a plain Node port, as the page's is a DOM one.
import type { MessagePort } from 'node:worker_threads';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { hostChannels, PortScreen, SCREEN_PORT_MESSAGE } from './host-ports';
import { asMain, channel, parentPort } from './ports.test-support';

/** The next `count` messages a plain port receives. */
async function received(port: MessagePort, count: number): Promise<unknown[]> {
  const messages: unknown[] = [];
  while (messages.length < count) messages.push(...(await once(port, 'message')));
  return messages;
}

describe('PortScreen', () => {
  it('keeps what the host sends before the page has a port, and sends it first, in order', async () => {
    const screen = new PortScreen();
    screen.send('ripcord:data', '1', 'before');
    screen.send('ripcord:hold', '1', true);
    const { port1, port2: page } = channel();
    screen.use(asMain(port1));
    screen.send('ripcord:data', '1', 'after');
    expect(await received(page, 3)).toEqual([
      { channel: 'ripcord:data', args: ['1', 'before'] },
      { channel: 'ripcord:hold', args: ['1', true] },
      { channel: 'ripcord:data', args: ['1', 'after'] },
    ]);
  });

  it("hands the page's requests to its listeners, unchecked; what is not an object has no channel", async () => {
    const screen = new PortScreen();
    const { port1, port2: page } = channel();
    screen.use(asMain(port1));
    const requests: unknown[][] = [];
    const heard = new Promise<void>((resolve) =>
      screen.onRequest((channel, args) => {
        requests.push([channel, args]);
        if (requests.length === 2) resolve();
      }),
    );
    page.postMessage({ channel: 'ripcord:ack', args: ['1', 5000] });
    page.postMessage('garbage');
    await heard;
    expect(requests).toEqual([
      ['ripcord:ack', ['1', 5000]],
      [undefined, undefined],
    ]);
  });

  it("a reloaded page's port replaces the last one, which is closed", async () => {
    const screen = new PortScreen();
    const first = channel();
    screen.use(asMain(first.port1));
    const closed = once(first.port2, 'close');
    const second = channel();
    screen.use(asMain(second.port1));
    await closed;
    screen.send('ripcord:data', '1', 'to the new page');
    expect(await received(second.port2, 1)).toEqual([{ channel: 'ripcord:data', args: ['1', 'to the new page'] }]);
  });
});

describe('hostChannels', () => {
  it("takes a screen port from main's screen-port message, and gives the host only the messages without ports as commands", async () => {
    const { host, main } = parentPort();
    const { parent, screen } = hostChannels(host);
    const commands: unknown[] = [];
    parent.onMessage((message) => commands.push(message));
    const { port1, port2: page } = channel();
    main.postMessage({ data: { type: SCREEN_PORT_MESSAGE }, ports: [port1] }, [port1]);
    main.postMessage({ data: { type: 'spawn', pane: '1' }, ports: [] });
    screen.send('ripcord:data', '1', 'through the handed port');
    expect(await received(page, 1)).toEqual([{ channel: 'ripcord:data', args: ['1', 'through the handed port'] }]);
    expect(commands).toEqual([{ type: 'spawn', pane: '1' }]);
    parent.send({ type: 'heartbeat' });
    expect(await received(main, 1)).toEqual([{ type: 'heartbeat' }]);
  });
});
