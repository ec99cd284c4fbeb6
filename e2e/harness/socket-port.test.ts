import { describe, expect, it } from 'vitest';
import { socketPort } from './socket-port';

describe('socketPort', () => {
  it('hands each message to onmessage in the call that delivers it, and what came before onmessage once it is set', () => {
    const { port, deliver } = socketPort(() => undefined);
    const seen: unknown[] = [];
    deliver({ n: 1 });
    deliver({ n: 2 });
    expect(seen).toEqual([]);
    port.onmessage = (event) => seen.push(event.data);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    deliver({ n: 3 });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('posts to the host, and after close passes nothing either way', () => {
    const sent: unknown[] = [];
    const { port, deliver } = socketPort((message) => sent.push(message));
    const seen: unknown[] = [];
    port.onmessage = (event) => seen.push(event.data);
    port.postMessage({ ack: 5 });
    port.close();
    port.postMessage({ ack: 6 });
    deliver({ n: 1 });
    expect(sent).toEqual([{ ack: 5 }]);
    expect(seen).toEqual([]);
  });

  it('has nothing of a MessagePort the preload does not use', () => {
    const { port } = socketPort(() => undefined);
    expect(() => (port as unknown as MessagePort).start()).toThrow('has no MessagePort.start');
  });
});
