// The browser harness's session host (test-only): the desktop's session host
// (main/session-host/pane-programs.ts) under child_process.fork, as the harness server starts it,
// with its screen on a WebSocket of its own (screen-socket.ts). Argument: the harness page's
// origin, the only one whose page may connect.
import { toDisposable } from '../../main/core/disposable';
import { guardSessionHost } from '../../main/session-host/host-guard';
import { parentLog } from '../../main/session-host/host-log';
import { PanePrograms } from '../../main/session-host/pane-programs';
import type { MessageLink } from '../../contracts/service';
import type { ScreenAnnouncement } from './forked-host';
import { ScreenSocket } from './screen-socket';

async function main(): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) throw new Error('session host: no IPC channel (start it with child_process.fork)');
  const parent: MessageLink = {
    send: (event) => void send(event),
    onMessage: (listener) => {
      process.on('message', listener);
      return toDisposable(() => process.off('message', listener));
    },
  };
  const log = parentLog(parent);
  guardSessionHost(log);
  const screen = new ScreenSocket(process.argv[2] ?? '', log);
  const host = new PanePrograms(parent, screen);
  // main is gone (its exit closes the channel): the program's pty closes with this process
  process.on('disconnect', () => {
    host.dispose();
    process.exit(0);
  });
  const port = await screen.listen();
  // the harness's own message on the host's channel: forked-host.ts takes it before main's SessionHostProcess
  const said: ScreenAnnouncement = { type: 'harness-screen', port, token: screen.token };
  void send(said);
}

main().catch((error: unknown) => {
  process.stderr.write(`session host: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
