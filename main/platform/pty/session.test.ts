import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnSession, type Session, type SessionExit } from './session';
import { killMarked, markedProcesses, newMarker, tempDir, waitFor } from '../processes/processes.test-support';

const started: Session[] = [];
let marker = newMarker();

async function start(
  file: string,
  args: string[],
  extra: { cols?: number; rows?: number; cwd?: string } = {},
): Promise<{ session: Session; output: () => string; exited: Promise<SessionExit> }> {
  const result = await spawnSession({ file, args, cols: extra.cols ?? 80, rows: extra.rows ?? 24, cwd: extra.cwd });
  if (!result.ok) throw new Error(result.error);
  const { value: session } = result;
  started.push(session);
  let out = '';
  session.onData((d) => {
    out += d;
  });
  const exited = new Promise<SessionExit>((resolve) => session.onExit(resolve));
  return { session, output: () => out, exited };
}

afterEach(async () => {
  for (const s of started.splice(0)) s.dispose();
  await killMarked(marker);
  marker = newMarker();
});

describe('Session (real pty)', () => {
  it('round-trips input and output', async () => {
    const { session, output } = await start('/bin/sh', []);
    session.write('echo "sum=$((6*7))"\r');
    expect(await waitFor(() => output().includes('sum=42'), 5_000)).toBe(true);
  });

  it('delivers output produced before the first listener subscribed', async () => {
    const result = await spawnSession({
      file: '/bin/bash',
      args: ['-c', 'echo "early=$((3*3))"; exec -a "$0" sleep 1000', marker],
      cols: 80,
      rows: 24,
    });
    if (!result.ok) throw new Error(result.error);
    started.push(result.value);
    // the echo is done once bash has exec'd the marked sleep
    expect(await waitFor(async () => (await markedProcesses(marker)).some((p) => p.argv[0] === marker), 5_000)).toBe(true);
    let out = '';
    result.value.onData((d) => {
      out += d;
    });
    expect(await waitFor(() => out.includes('early=9'), 5_000)).toBe(true);
  });

  it('gives listeners that subscribe after the exit the output first, then the exit', async () => {
    const result = await spawnSession({ file: '/bin/sh', args: ['-c', 'echo "late=$((4*4))"'], cols: 80, rows: 24 });
    if (!result.ok) throw new Error(result.error);
    started.push(result.value);
    await new Promise((resolve) => result.value.onExit(resolve)); // the exit has been reported
    const seen: string[] = [];
    result.value.onData((d) => seen.push(`data:${d.trim()}`));
    const exit = await new Promise<SessionExit>((resolve) => result.value.onExit(resolve));
    expect(exit).toEqual({ exitCode: 0 });
    expect(seen).toEqual(['data:late=16']);
  });

  it("sets the desktop's TERM and COLORTERM, marks the session and names it", async () => {
    const { session, output, exited } = await start('/bin/sh', ['-c', 'echo "t=$TERM c=$COLORTERM r=$RIPCORD s=$RIPCORD_SESSION"']);
    await exited;
    expect(session.id).toMatch(new RegExp(`^${process.pid}-\\d+-[0-9a-f]{16}$`));
    expect(output()).toContain(`t=xterm-256color c=truecolor r=1 s=${session.id}`);
  });

  it("keeps the host terminal type when asked, and lays the settings' env over it", async () => {
    const saved = { TERM: process.env.TERM, COLORTERM: process.env.COLORTERM };
    process.env.TERM = 'screen-256color';
    delete process.env.COLORTERM;
    try {
      const result = await spawnSession({
        file: '/bin/sh',
        args: ['-c', 'echo "t=$TERM c=${COLORTERM-unset} x=$EXTRA"'],
        cols: 80,
        rows: 24,
        inheritTerminalType: true,
        env: { EXTRA: 'from-settings' },
      });
      if (!result.ok) throw new Error(result.error);
      started.push(result.value);
      let out = '';
      result.value.onData((d) => {
        out += d;
      });
      await new Promise((resolve) => result.value.onExit(resolve));
      expect(out).toContain('t=screen-256color c=unset x=from-settings');
    } finally {
      for (const [key, value] of Object.entries(saved))
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
  });

  it('runs a relative program, and a relative PATH entry, from the working directory it is given', async () => {
    const tmp = await tempDir();
    try {
      await mkdir(path.join(tmp.dir, 'bin'));
      for (const script of ['hello.sh', 'bin/tool']) {
        await writeFile(path.join(tmp.dir, script), '#!/bin/sh\necho "ran in $(pwd)"\n');
        await chmod(path.join(tmp.dir, script), 0o755);
      }
      const { output, exited } = await start('./hello.sh', [], { cwd: tmp.dir });
      await exited;
      expect(output()).toContain(`ran in ${tmp.dir}`);
      const savedPath = process.env.PATH;
      process.env.PATH = `bin:${savedPath ?? ''}`;
      try {
        const tool = await start('tool', [], { cwd: tmp.dir });
        await tool.exited;
        expect(tool.output()).toContain(`ran in ${tmp.dir}`);
      } finally {
        process.env.PATH = savedPath;
      }
    } finally {
      await tmp.dispose();
    }
  });

  it('makes a resize visible to stty size', async () => {
    const { session, output } = await start('/bin/sh', []);
    session.resize(101, 37);
    session.write('stty size\r');
    expect(await waitFor(() => output().includes('37 101'), 5_000)).toBe(true);
  });

  it('reports the exit code once, after the last data', async () => {
    const { session, output, exited } = await start('/bin/sh', [
      '-c',
      'i=0; while [ $i -lt 300 ]; do echo line$i; i=$((i+1)); done; echo LAST-LINE; exit 7',
    ]);
    let exits = 0;
    session.onExit(() => {
      exits += 1;
    });
    const exit = await exited;
    expect(exit).toEqual({ exitCode: 7 });
    expect(output()).toContain('LAST-LINE');
    await new Promise((r) => setTimeout(r, 300));
    expect(exits).toBe(1);
  });

  it('reports the exit code and the last output of a root that leaves a process holding the pty', async () => {
    // the leftover ignores the hangup, so the pty stays open after the root: the exit comes
    // from the root watch closing the pty, not from the pty closing by itself
    const { exited, output } = await start('/bin/bash', ['-c', `trap '' HUP; (exec -a ${marker}-left sleep 1000) & echo BYE; exit 5`]);
    expect(await exited).toEqual({ exitCode: 5 });
    expect(output()).toContain('BYE');
    expect((await markedProcesses(`${marker}-left`)).length).toBe(1);
  });

  it('reports the signal that ended the root', async () => {
    const { exited } = await start('/bin/sh', ['-c', 'kill -TERM $$']);
    expect((await exited).signal).toBe(15);
  });

  it('cancel() ends a foreground sleep and reports the foreground back at the root', async () => {
    const { session, output } = await start('/bin/bash', ['--norc', '--noprofile', '-i']);
    let returned = 0;
    session.onForegroundReturned(() => {
      returned += 1;
    });
    session.write(`(exec -a ${marker}-sleep sleep 1000)\r`);
    expect(
      await waitFor(async () => (await markedProcesses(`${marker}-sleep`)).length === 1 && !(await session.rootHoldsForeground()), 5_000),
    ).toBe(true);
    session.cancel();
    expect(await waitFor(() => returned > 0, 5_000)).toBe(true);
    expect(returned).toBe(1);
    expect(await markedProcesses(`${marker}-sleep`)).toEqual([]);
    expect(await session.rootHoldsForeground()).toBe(true);
    session.write('echo "after=$((1+1))"\r');
    expect(await waitFor(() => output().includes('after=2'), 5_000)).toBe(true);
  });

  it('pause() holds output back until resume()', async () => {
    const { session, output } = await start('/bin/sh', []);
    session.pause();
    session.write('echo "held=$((2+3))"\r');
    await new Promise((r) => setTimeout(r, 300));
    expect(output()).not.toContain('held=5');
    session.resume();
    expect(await waitFor(() => output().includes('held=5'), 5_000)).toBe(true);
  });
});

describe('spawnSession errors (checked before spawning)', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    tmp = await tempDir();
  });
  afterAll(async () => {
    await tmp.dispose();
  });

  const spawnError = async (file: string, cwd?: string): Promise<string> => {
    const result = await spawnSession({ file, cols: 80, rows: 24, cwd });
    if (result.ok) {
      result.value.dispose();
      throw new Error('spawn unexpectedly succeeded');
    }
    return result.error;
  };

  it('names a missing program and why', async () => {
    expect(await spawnError('/nonexistent/ripcord-shell')).toMatch(/"\/nonexistent\/ripcord-shell".*no such file/);
    expect(await spawnError('ripcord-no-such-program')).toMatch(/"ripcord-no-such-program".*not found in PATH/);
  });

  it('names a program that is not executable or is a directory', async () => {
    const file = path.join(tmp.dir, 'plain.txt');
    await writeFile(file, 'echo hi\n');
    await chmod(file, 0o644);
    expect(await spawnError(file)).toMatch(/plain\.txt.*not executable/);
    expect(await spawnError(tmp.dir)).toMatch(/is a directory/);
  });

  it("resolves a relative program against the working directory, not ripcord's own", async () => {
    expect(await spawnError('./ripcord-missing.sh', tmp.dir)).toBe('cannot start "./ripcord-missing.sh": no such file or directory');
  });

  it('names a script whose #! interpreter is missing (execvp would fail inside the child)', async () => {
    const file = path.join(tmp.dir, 'bad-interpreter.sh');
    await writeFile(file, '#!/nonexistent/interpreter -x\necho hi\n');
    await chmod(file, 0o755);
    expect(await spawnError('./bad-interpreter.sh', tmp.dir)).toBe(
      'cannot start "./bad-interpreter.sh": its interpreter "/nonexistent/interpreter" (from its #! line): no such file or directory',
    );
  });

  it('names a bad working directory and why', async () => {
    expect(await spawnError('/bin/sh', path.join(tmp.dir, 'missing'))).toMatch(/working directory ".*missing".*no such file/);
    const file = path.join(tmp.dir, 'not-a-dir');
    await writeFile(file, '');
    expect(await spawnError('/bin/sh', file)).toMatch(/not-a-dir.*not a directory/);
    const locked = path.join(tmp.dir, 'locked');
    await mkdir(locked, { mode: 0o000 });
    // root ignores directory permissions, so only a non-root run can see this case
    if (process.getuid?.() !== 0) expect(await spawnError('/bin/sh', locked)).toMatch(/locked.*permission denied/);
  });
});
