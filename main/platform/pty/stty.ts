// termios without a native binding (Node has no tcgetattr/tcsetattr): `stty` on a descriptor of
// the terminal, spawned. For the reads and writes of the restore after a host that died without
// its own (DESIGN §5), none of which is on a key's path.
import { spawn } from 'node:child_process';

/** A stty that gets no answer from the terminal (a stalled link, output stopped by XOFF) is killed after this. */
const STTY_MAX_MS = 1_000;

/**
 * `stty ARGS` with `fd` as its stdin (the terminal it reads or sets): its output, trimmed, or
 * undefined when it failed or hung. `stty -g` reads the settings in the form `stty` takes back.
 */
export function stty(fd: number, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn('stty', args, { stdio: [fd, 'pipe', 'ignore'], timeout: STTY_MAX_MS, killSignal: 'SIGKILL' });
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.once('error', () => resolve(undefined));
    child.once('close', (code) => resolve(code === 0 ? output.trim() : undefined));
  });
}
