// Issue #16 in `ripcord run` under tmux: `ripcord ps` / `ripcord stop` from another process
// stop a job that ignores HUP, INT and TERM while the shell and a background job live on;
// another user sees and stops nothing; `ripcord last` shows what an ended session printed,
// after a double Ctrl+C and after kill -9. Real processes, real pty, real tmux.
import { execFile } from 'node:child_process';
import { chmod, cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MARKER_VARIABLE, newMarker, processesWithMarker } from './processes';
import { type Dirs, privateDirs, type PsSession, psJson, removePrivateDirs, ripcord } from './control';
import { BASH, CLI, expect, KILL_GRACE_MS, test, type TerminalFixture } from './ripcord';
import { lastLine, waitUntil, type TmuxPane } from './tmux';

/** setpriv's arguments that run what follows as nobody, with no group of ours. */
const AS_NOBODY = ['--reuid', 'nobody', '--regid', 'nogroup', '--clear-groups'];

const run = promisify(execFile);
test.afterEach(removePrivateDirs);
/** Slack over the grace for the host's own measure of the staged kill (issue #16: grace + 500 ms). */
const STOP_SLACK_MS = 500;

/** The session's processes by the process table: the root (ripcord's bash child) and its descendants. */
async function sessionTable(rootPid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-e', '-o', 'pid=,ppid=,stat=']);
  const rows = stdout
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((r) => !r[2]?.startsWith('Z'))
    .map((r) => ({ pid: Number(r[0]), ppid: Number(r[1]) }));
  const members = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows)
      if (members.has(r.ppid) && !members.has(r.pid)) {
        members.add(r.pid);
        grew = true;
      }
  }
  return [...members].sort((a, b) => a - b);
}

async function hostileSession(
  term: TerminalFixture,
): Promise<{ pane: TmuxPane; dirs: Dirs; session: PsSession; hostile: string; background: string }> {
  const dirs = await privateDirs(term);
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  const background = newMarker();
  const hostile = newMarker();
  await pane.typeLine(`${MARKER_VARIABLE}=${background} sleep 1000 &`);
  await pane.waitForPrompt();
  await pane.typeLine(`${MARKER_VARIABLE}=${hostile} bash -c 'trap "" HUP INT TERM; sleep 1000 & sleep 1000; wait'`);
  await waitUntil('the hostile job and its child', async () => ((await processesWithMarker(hostile)).length === 3 ? true : undefined));
  const session = await waitUntil('the session in ripcord ps', async () => (await psJson(dirs.env)).find((s) => s.host === 'run'));
  return { pane, dirs, session, hostile, background };
}

test("ripcord ps lists the session's processes; ripcord stop stops a job that ignores HUP/INT/TERM and keeps the shell", async ({
  term,
}) => {
  const { pane, dirs, session, hostile, background } = await hostileSession(term);
  const ripcordPid = await pane.pid();
  expect(session.id).toBe(ripcordPid);
  const listed = session.view.rows.map((r) => r.pid).sort((a, b) => a - b);
  expect(listed).toEqual(await sessionTable(session.view.sessionPid));
  const job = session.view.rows.find((r) => r.foreground && r.command.startsWith('bash -c'));
  expect(job?.ignores).toEqual(expect.arrayContaining(['HUP', 'INT', 'TERM']));

  // Ctrl+C does nothing to this job; the stop does
  await pane.keys('C-c');
  const stopped = await ripcord(dirs.env, 'stop', String(session.id));
  expect(stopped.code, stopped.stderr).toBe(0);
  const ms = Number(/in (\d+) ms/.exec(stopped.stdout)?.[1]);
  expect(ms).toBeLessThanOrEqual(KILL_GRACE_MS + STOP_SLACK_MS);
  expect(await processesWithMarker(hostile)).toEqual([]);
  expect(await processesWithMarker(background)).toHaveLength(1);

  await pane.waitForPrompt();
  await pane.typeLine('echo o""k');
  await pane.waitForScreen('the shell to answer', (screen) => screen.split('\n').includes('ok'));
  // nothing left in the foreground: a stop says so and kills nothing
  await pane.waitForPrompt();
  const idle = await ripcord(dirs.env, 'stop', String(session.id), '--job');
  expect(idle.code).toBe(1);
  expect(idle.stderr).toContain('no foreground job');
  const stranger = await ripcord(dirs.env, 'stop', String(session.id), String(process.pid));
  expect(stranger.stderr).toContain('not a member');
  expect(await processesWithMarker(background)).toHaveLength(1);
  expect(await pane.exit()).toBeUndefined();
});

/**
 * The `ripcord` command where `nobody` can run it: the checkout may sit below a directory only
 * root can enter (a mktemp folder), so the bundles and their one external module are copied out.
 */
async function cliForNobody(): Promise<{ cli: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-nobody-'));
  const root = path.resolve(path.dirname(CLI), '..');
  await cp(CLI, path.join(dir, 'dist/cli.js'));
  await cp(path.join(path.dirname(CLI), 'subcommands.js'), path.join(dir, 'dist/subcommands.js'));
  await cp(path.join(root, 'node_modules/node-pty'), path.join(dir, 'node_modules/node-pty'), { recursive: true });
  await run('chmod', ['-R', 'a+rX', dir]);
  await chmod(dir, 0o755);
  return { cli: path.join(dir, 'dist/cli.js'), dispose: () => rm(dir, { recursive: true, force: true }) };
}

test("another user can neither see nor stop this user's sessions", async ({ term }) => {
  const { dirs, session, hostile } = await hostileSession(term);
  const copy = await cliForNobody();
  await test.info().attach('cli for nobody', { body: copy.cli });
  const asNobody = async (env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    try {
      const { stdout, stderr } = await run(
        'setpriv',
        [
          ...AS_NOBODY,
          'env',
          '-i',
          `PATH=${process.env.PATH}`,
          ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
          process.execPath,
          copy.cli,
          ...args,
        ],
        { encoding: 'utf8', cwd: '/' },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  };
  // nobody's own directory: none of our sessions there (and the command really ran)
  const own = await asNobody({ HOME: '/nonexistent' }, 'ps', '--json');
  expect(own.code, own.stderr).toBe(0);
  expect(JSON.parse(own.stdout)).toEqual([]);
  // pointed at our directory: refused (not theirs)
  const ours = await asNobody(dirs.env, 'ps', '--json');
  expect(ours.stdout.includes(String(session.view.sessionPid))).toBe(false);
  expect(ours.stderr).toMatch(/refused|permission denied/i);
  const stop = await asNobody(dirs.env, 'stop', String(session.id));
  expect(stop.code).not.toBe(0);
  // and the socket itself cannot be opened by them
  const socket = path.join(dirs.runtime, `${session.id}.sock`);
  expect((await stat(socket)).mode & 0o777).toBe(0o600);
  expect((await stat(dirs.runtime)).mode & 0o777).toBe(0o700);
  const direct = await run(
    'setpriv',
    [
      ...AS_NOBODY,
      process.execPath,
      '-e',
      `require('net').connect(${JSON.stringify(socket)}).on('connect',()=>{console.log('connected');process.exit(0)}).on('error',e=>{console.log(e.code);process.exit(0)})`,
    ],
    { encoding: 'utf8', cwd: '/' },
  );
  expect(direct.stdout.trim()).toMatch(/EACCES|ENOENT/);
  expect(await processesWithMarker(hostile)).toHaveLength(3);
  await copy.dispose();
});

async function transcriptFiles(state: string): Promise<string[]> {
  const root = path.join(state, 'ripcord', 'transcripts');
  const files: string[] = [];
  for (const session of await readdir(root))
    for (const f of await readdir(path.join(root, session))) files.push(path.join(root, session, f));
  return files;
}

/** The screen with wrapped lines joined (a transcript path is longer than the pane is wide). */
async function joinedScreen(pane: TmuxPane): Promise<string> {
  return pane.tmux('capture-pane', '-p', '-J', '-t', '0');
}

const TRANSCRIPT_NOTE = 'ripcord: what the session printed is kept in ';

for (const ending of ['double Ctrl+C', 'kill -9 of ripcord'] as const) {
  test(`ripcord last shows the session's last lines after ${ending}; transcript files are 0600`, async ({ term }) => {
    const dirs = await privateDirs(term);
    const pane = await term.ripcord(BASH);
    await pane.waitForPrompt();
    for (let i = 1; i <= 3; i++) await pane.typeLine(`echo transcript-line-$((${i}*111))`);
    await pane.waitForScreen('the last line', (s) => s.includes('transcript-line-333') && lastLine(s) === '$');
    const ripcordPid = await pane.pid();
    if (ending === 'double Ctrl+C') {
      await pane.keysApart('C-c', 300, 'C-c');
      expect(await pane.waitForExit()).toBe(130);
      // ripcord cut the program short: one line names where all of its output is
      const [session] = await readdir(path.join(dirs.state, 'ripcord', 'transcripts'));
      expect(await joinedScreen(pane)).toContain(
        `${TRANSCRIPT_NOTE}${path.join(dirs.state, 'ripcord', 'transcripts', session ?? '?')} (ripcord last)`,
      );
    } else {
      // what was written stays: the transcript is written as output passes, not at exit
      await waitUntil('the transcript to hold the last line', async () => {
        const texts = await Promise.all((await transcriptFiles(dirs.state)).map((f) => readFile(f, 'utf8')));
        return texts.some((t) => t.includes('transcript-line-333\r\n')) ? true : undefined;
      });
      process.kill(ripcordPid, 'SIGKILL');
      await waitUntil('ripcord to be gone', () => {
        try {
          process.kill(ripcordPid, 0);
          return undefined;
        } catch {
          return true;
        }
      });
    }
    const last = await ripcord(dirs.env, 'last');
    expect(last.code, last.stderr).toBe(0);
    const lines = last.stdout.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['transcript-line-111', 'transcript-line-222', 'transcript-line-333']));
    const raw = await ripcord(dirs.env, 'last', '--raw');
    expect(raw.stdout).toContain('transcript-line-333\r\n');
    const cast = await ripcord(dirs.env, 'last', '--cast');
    const [header, ...events] = cast.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(header).toMatchObject({ version: 2, width: 100, height: 30 });
    expect(events.some((e) => Array.isArray(e) && e[1] === 'o' && String(e[2]).includes('transcript-line-333\r\n'))).toBe(true);
    const files = await transcriptFiles(dirs.state);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect((await stat(f)).mode & 0o777).toBe(0o600);
    for (const d of new Set(files.map((f) => path.dirname(f)))) expect((await stat(d)).mode & 0o777).toBe(0o700);
  });
}

test('a program that ends by itself: no transcript line, as if run directly; ripcord last has its output', async ({ term }) => {
  const dirs = await privateDirs(term);
  const pane = await term.ripcord(['/bin/sh', '-c', 'echo its-own-end; sleep 0.5; exit 3']);
  expect(await pane.waitForExit()).toBe(3);
  // the pane keeps what ripcord wrote last (the double press test above sees the note there)
  expect(await joinedScreen(pane)).not.toContain(TRANSCRIPT_NOTE);
  const last = await ripcord(dirs.env, 'last');
  expect(last.stdout.split('\n')).toContain('its-own-end');
});

// It ends before its start is over (the transcript's file is made then): its end waits for the file.
test('a program of milliseconds (printf) leaves its transcript, and ripcord last shows it, not the session before', async ({ term }) => {
  const dirs = await privateDirs(term);
  const before = await term.ripcord(['/bin/sh', '-c', 'echo the-session-before; sleep 0.5']);
  expect(await before.waitForExit()).toBe(0);
  const pane = await term.ripcord(['/usr/bin/printf', 'a-short-one\\n']);
  expect(await pane.waitForExit()).toBe(0);
  const last = await ripcord(dirs.env, 'last');
  expect(last.stdout.split('\n')).toContain('a-short-one');
});

test('a double press when the transcript could not be written: no line names one', async ({ term }) => {
  const dirs = await privateDirs(term);
  // the state directory is a file: the transcript's directory cannot be made
  const stateFile = `${dirs.state}-file`;
  await writeFile(stateFile, '');
  term.extraEnv = { ...term.extraEnv, XDG_STATE_HOME: stateFile };
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  await pane.typeLine('echo still-here');
  await pane.waitForScreen('the echo', (s) => s.includes('still-here') && lastLine(s) === '$');
  await pane.keysApart('C-c', 300, 'C-c');
  expect(await pane.waitForExit()).toBe(130);
  expect(await joinedScreen(pane)).not.toContain(TRANSCRIPT_NOTE);
});
