// DESIGN §8: logging can never hold the exit. With the log on a full filesystem — full from the
// start, or filled while the session runs — every way out still ends `ripcord run` with its
// code, the session's processes are gone (the fixture's cleanup proves it), and the one note
// about the log lands on the terminal after the restore, not inside the program's screen.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fullDiskUnavailable, mountSmallDisk, type FullDisk } from '../../main/platform/files/full-disk.test-support';
import { descendantsNamed } from './processes';
import { BASH, expect, test } from './ripcord';
import type { TmuxPane } from './tmux';
import { waitUntil } from './tmux';

/** The note, with the pane's line wraps taken out. */
const LOG_NOTE = /writing the log .*r\.log failed \(no space left on the device\); logging is off/;

const unavailable = fullDiskUnavailable();
if (unavailable) console.info(`full-disk specs skipped: ${unavailable}`);
test.skip(unavailable !== undefined, unavailable);

let disk: FullDisk;
test.beforeEach(async () => {
  disk = await mountSmallDisk();
});
test.afterEach(async () => {
  await disk.dispose();
});

const logFile = (): string => path.join(disk.dir, 'r.log');

/** The ways out, each ending in its own code. */
const EXITS: ReadonlyArray<{ name: string; code: number; leave: (pane: TmuxPane) => Promise<void> }> = [
  { name: 'double Ctrl+C', code: 130, leave: (pane) => pane.keysApart('C-c', 300, 'C-c') },
  {
    name: 'SIGTERM',
    code: 143,
    leave: async (pane) => {
      process.kill(await pane.pid(), 'SIGTERM');
    },
  },
  { name: "the program's own end", code: 7, leave: (pane) => pane.typeLine('exit 7') },
];

for (const { name, code, leave } of EXITS) {
  test(`log on a disk full from the start: ${name} exits ${code}`, async ({ term }) => {
    await disk.fill();
    const pane = await term.ripcord(BASH, ['--log', logFile()]);
    await pane.waitForPrompt();

    await leave(pane);

    expect(await pane.waitForExit()).toBe(code);
    await pane.waitForScreen('the note about the log', (screen) => LOG_NOTE.test(screen.replaceAll('\n', '')));
  });

  test(`log on a disk filled mid-session: ${name} exits ${code}`, async ({ term }) => {
    const pane = await term.ripcord(BASH, ['--log', logFile()]);
    await pane.waitForPrompt();
    await waitUntil('the first log lines', async () => ((await readSize(logFile())) > 0 ? true : undefined));
    await disk.fill([logFile()]);
    // a cancel mid-session: its log lines are the first to meet the full disk
    await pane.typeLine('sleep 1000');
    const ripcordPid = await pane.pid();
    await waitUntil('sleep to run', async () => ((await descendantsNamed(ripcordPid, 'sleep')).length === 1 ? true : undefined));
    await pane.keys('C-c');
    await pane.waitForPrompt();

    await leave(pane);

    expect(await pane.waitForExit()).toBe(code);
    await pane.waitForScreen('the note about the log', (screen) => LOG_NOTE.test(screen.replaceAll('\n', '')));
  });
}

async function readSize(file: string): Promise<number> {
  return (await stat(file).catch(() => ({ size: 0 }))).size;
}
