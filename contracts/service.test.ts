// The generic proxy over a real link: a MessageChannel's two ports (node:worker_threads), whose
// delivery is asynchronous and structured-cloned, as a utilityProcess's port is.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boolean, count, string } from './schema';
import { call, notice, proxyOf, serve, type MessageLink, type Service } from './service';

const Greeter = {
  greet: notice({ name: string() }),
  addOne: call({ to: count() }, count()),
  fails: call({}, boolean()),
};

const opened: MessagePort[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const port of opened.splice(0)) port.close();
});

function link(port: MessagePort): MessageLink {
  opened.push(port);
  return {
    send: (message) => port.postMessage(message),
    onMessage: (listener) => {
      port.on('message', listener);
      return { dispose: () => port.off('message', listener) };
    },
  };
}

/** Both ends of a channel: what the served side heard and dropped, and a raw port to send anything. */
function linked(impl: Partial<Service<typeof Greeter>> = {}) {
  const { port1, port2 } = new MessageChannel();
  const greeted: string[] = [];
  const droppedByServer: string[] = [];
  const droppedByProxy: string[] = [];
  const served: Service<typeof Greeter> = {
    greet: ({ name }) => greeted.push(name),
    addOne: ({ to }) => Promise.resolve({ ok: true, value: to + 1 }),
    fails: () => Promise.reject(new Error('it broke')),
    ...impl,
  };
  const server = link(port2);
  serve(Greeter, served, server, (problem) => droppedByServer.push(problem));
  const proxy = proxyOf(Greeter, link(port1), (problem) => droppedByProxy.push(problem), 1_000);
  return { proxy, greeted, droppedByServer, droppedByProxy, rawToServer: (message: unknown) => port1.postMessage(message), server };
}

describe('a service over a link', () => {
  it('carries notices and calls, each answered with its checked value', async () => {
    const l = linked();
    l.proxy.greet({ name: 'ada' });
    expect(await l.proxy.addOne({ to: 41 })).toEqual({ ok: true, value: 42 });
    expect(l.greeted).toEqual(['ada']);
    expect(await l.proxy.fails({})).toEqual({ ok: false, error: 'it broke' });
  });

  it('drops a malformed message to the served side with why, never calls the implementation with it, and takes the next good one', async () => {
    const l = linked();
    l.rawToServer({ type: 'greet', name: 7 });
    l.rawToServer({ type: 'greet' });
    l.rawToServer({ type: 'shout', name: 'x' });
    l.rawToServer('greet');
    l.proxy.greet({ name: 'next' });
    await l.proxy.addOne({ to: 0 }); // every message before it was handled
    expect(l.greeted).toEqual(['next']);
    expect(l.droppedByServer).toEqual([
      'greet.name: expected a string, got 7',
      'greet.name: expected a string, got nothing',
      'unknown type "shout"',
      'not a message object with a type',
    ]);
  });

  it('drops a malformed answer on the calling side: the call fails with why, and the next call is answered', async () => {
    const { port1, port2 } = new MessageChannel();
    const dropped: string[] = [];
    const proxy = proxyOf(Greeter, link(port1), (problem) => dropped.push(problem), 1_000);
    const server = link(port2);
    // a served side that answers wrongly first, then rightly
    let answers = 0;
    server.onMessage((message) => {
      const { id } = message as { id: number };
      server.send({ type: 'answer', id, result: answers++ === 0 ? { ok: true, value: 'forty-two' } : { ok: true, value: 42 } });
    });
    expect(await proxy.addOne({ to: 41 })).toEqual({
      ok: false,
      error: 'add-one.result.value: expected a whole number from 0, got "forty-two"',
    });
    server.send({ type: 'answer', id: 'x', result: { ok: true, value: 1 } });
    expect(await proxy.addOne({ to: 41 })).toEqual({ ok: true, value: 42 });
    expect(dropped).toEqual([
      'add-one.result.value: expected a whole number from 0, got "forty-two"',
      'answer.id: expected a whole number from 0, got "x"',
    ]);
    proxy.dispose();
  });

  it('ends a call unanswered within its bound, and every call at dispose, with why', async () => {
    const { port1 } = new MessageChannel();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const proxy = proxyOf(Greeter, link(port1), () => undefined, 20);
    let answer: unknown;
    void proxy.addOne({ to: 1 }).then((result) => (answer = result));
    await vi.advanceTimersByTimeAsync(19);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toEqual({ ok: false, error: 'no answer to add-one within 20 ms' });
    const pending = proxy.addOne({ to: 1 });
    proxy.dispose();
    expect(await pending).toEqual({ ok: false, error: 'the link closed before the answer' });
    expect(await proxy.addOne({ to: 1 })).toEqual({ ok: false, error: 'the link is closed' });
  });

  it('a served side ignores answers meant for its own proxy', async () => {
    const l = linked();
    l.rawToServer({ type: 'answer', id: 3, result: { ok: true, value: 1 } });
    await l.proxy.addOne({ to: 0 });
    expect(l.droppedByServer).toEqual([]);
  });
});
