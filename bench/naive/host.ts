// The naive terminal host the bench compares `ripcord run` with: what a typical pty wrapper
// does. Output goes straight to stdout with no flow control; Ctrl+C is passed to the program,
// and two of them within a second quit the way naive apps quit: pty.kill() of the shell pid
// (SIGHUP to that one process), then exit. Signals to the host do the same.
//   node naive-host.js -- PROGRAM ARGS...
import * as pty from 'node-pty';
import { programAfterSeparator } from '../lib/host-argv';

/** Same double-press interval as ripcord's default, so "second Ctrl+C" means the same gesture. */
const DOUBLE_PRESS_INTERVAL_MS = 1000;

const [file, ...args] = programAfterSeparator('naive-host');

const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
const child = pty.spawn(file, args, {
  name: 'xterm-256color',
  cols: process.stdout.columns || 80,
  rows: process.stdout.rows || 24,
  cwd: process.env.HOME ?? process.cwd(),
  env,
});

function quit(code: number): never {
  child.kill(); // SIGHUP to the shell pid only
  if (process.stdin.isTTY) process.stdin.setRawMode(false);
  process.exit(code);
}

let lastCtrlC = Number.NEGATIVE_INFINITY;
if (process.stdin.isTTY) process.stdin.setRawMode(true);
process.stdin.on('data', (chunk: Buffer) => {
  const text = chunk.toString('utf8');
  if (text === '\x03') {
    const now = performance.now();
    if (now - lastCtrlC <= DOUBLE_PRESS_INTERVAL_MS) quit(130);
    lastCtrlC = now;
  }
  child.write(text);
});
child.onData((data) => process.stdout.write(data));
child.onExit(({ exitCode }) => {
  if (process.stdin.isTTY) process.stdin.setRawMode(false);
  process.exit(exitCode);
});
process.stdout.on('resize', () => child.resize(process.stdout.columns, process.stdout.rows));
process.on('SIGINT', () => quit(130));
process.on('SIGTERM', () => quit(143));
process.on('SIGHUP', () => quit(129));
