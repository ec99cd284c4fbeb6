// The screen's port as the harness hands it to the preload (event.ports[0] of IpcChannel.screen):
// what Electron's renderer gets from a utility process's MessagePortMain, here over the session
// host's WebSocket. A host message reaches the preload's onmessage in the task that received it,
// as a port message from another process does in the desktop: one task a message. A MessageChannel
// between the socket and the preload would add a second task per message, and a frame may run
// between the two (docs/testing.md#the-desktop-apps-tests).
import { restricted } from './restricted';

/** What the preload uses of a MessagePort (preload-main.ts's Screen); anything else throws. */
export interface ScreenPort {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage: (message: unknown) => void;
  close: () => void;
}

/**
 * A port whose other end is `toHost`. Messages delivered before the preload sets onmessage wait
 * for it, as a port's queue waits until it is started; after close() nothing passes either way.
 */
export function socketPort(toHost: (message: unknown) => void): { port: ScreenPort; deliver: (message: unknown) => void } {
  let listener: ((event: MessageEvent) => void) | null = null;
  let closed = false;
  const waiting: unknown[] = [];
  const dispatch = (message: unknown): void => listener?.(new MessageEvent('message', { data: message }));
  const port: ScreenPort = {
    get onmessage() {
      return listener;
    },
    set onmessage(value) {
      listener = value;
      if (listener) for (const message of waiting.splice(0)) dispatch(message);
    },
    // serialised at once, as postMessage copies its message when it is posted
    postMessage: (message) => {
      if (!closed) toHost(message);
    },
    close: () => {
      closed = true;
      listener = null;
      waiting.length = 0;
    },
  };
  return {
    port: restricted('MessagePort', port),
    deliver: (message) => {
      if (closed) return;
      if (listener) dispatch(message);
      else waiting.push(message);
    },
  };
}
