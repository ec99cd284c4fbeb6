// Real MessagePorts (node:worker_threads) shaped as Electron's: a screen port as MessagePortMain
// delivers (`{ data }` events once started) and process.parentPort (`{ data, ports }`), for the
// tests of the session host's channels (host-ports.test.ts) and of the exit's last words.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach } from 'vitest';
import type { ParentChannel, ScreenPort } from './host-ports';

const opened: MessagePort[] = [];
afterEach(() => {
  for (const port of opened.splice(0)) port.close();
});

/** A port pair closed after the test. */
export function channel(): { port1: MessagePort; port2: MessagePort } {
  const pair = new MessageChannel();
  opened.push(pair.port1, pair.port2);
  return pair;
}

/** A Node port as Electron's MessagePortMain delivers: `{ data }` events once started. */
export function asMain(port: MessagePort): ScreenPort {
  return {
    postMessage: (message: unknown) => port.postMessage(message),
    start: () => port.start(),
    close: () => port.close(),
    on: (_event, listener) => port.on('message', (data: unknown) => listener({ data })),
  };
}

/** process.parentPort on a Node port: main posts `{ data, ports }`, the host hears them as Electron's event. */
export function parentPort(): { host: ParentChannel; main: MessagePort; hostPort: MessagePort } {
  const { port1: hostPort, port2: main } = channel();
  const forwards = new Map<unknown, (message: { data: unknown; ports: MessagePort[] }) => void>();
  return {
    main,
    hostPort,
    host: {
      postMessage: (message: unknown) => hostPort.postMessage(message),
      on: (_event, listener) => {
        const forward = (message: { data: unknown; ports: MessagePort[] }): void =>
          listener({ data: message.data, ports: message.ports.map(asMain) });
        forwards.set(listener, forward);
        hostPort.on('message', forward);
      },
      removeListener: (_event, listener) => hostPort.off('message', forwards.get(listener) as never),
    },
  };
}
