// The desktop host end to end minus Electron: IPC handlers, input guard, lifecycle, the session
// lifecycle and the window's session, wired by terminal-window.ts (the wiring desktop-main.ts uses) on fake
// Electron objects — with a real bash on a real pty, a real reaper process and real signals.
import { describe, expect, it } from 'vitest';
import { IpcChannel, type HintState, type RendererSettings, type SessionEnd, type StopOutcome } from '../../contracts/renderer';
import type { RipcordConfig } from '../core/config';
import { foregroundJob, waitFor } from '../platform/processes/processes.test-support';
import {
  BASH,
  FIRST_PANE,
  openDesktopWindow,
  PAGE_URL,
  WAIT_MS,
  WINDOW_ID,
  type Desktop,
  type DesktopOptions,
} from './desktop-window.test-support';
import { FakeEvent, sender, useWiringWorkspace } from './wiring.test-support';

const bash = BASH;
const PANE = FIRST_PANE;
const wiring = useWiringWorkspace();
const openWindow = (config?: RipcordConfig, problems?: string[], desktop?: DesktopOptions): Desktop =>
  openDesktopWindow(wiring, config, problems, desktop);
const prompts = (d: Desktop): number => d.output().split('READY$ ').length - 1;

describe('IPC from the page', () => {
  it('starts the session on the first resize, with that size, and round-trips input', async () => {
    const d = openWindow();
    await d.start(100, 30);
    d.type('stty size\r');
    await d.until(() => d.output().includes('30 100'), 'stty size');
    d.ipc.emit(IpcChannel.resize, d.own, PANE, 90, 20);
    d.type('stty size\r');
    await d.until(() => d.output().includes('20 90'), 'the resized stty size');
  });

  it.each([
    ['another web contents', sender(WINDOW_ID + 1, PAGE_URL)],
    ['a subframe', sender(WINDOW_ID, PAGE_URL, { subframe: true })],
    ['a frame that navigated away', sender(WINDOW_ID, 'https://evil.example/index.html')],
    ['another file', sender(WINDOW_ID, 'file:///tmp/index.html')],
    ['a frame that is gone', sender(WINDOW_ID, PAGE_URL, { frameGone: true })],
  ])('drops and logs input from %s', async (_name, foreign) => {
    const d = openWindow();
    await d.start();
    const marker = `F${Math.random().toString(36).slice(2, 8)}`;
    d.type(`echo ${marker}-$((1+1))\r`, foreign);
    d.type('echo OWN-$((2+2))\r');
    await d.until(() => d.output().includes('OWN-4'), 'the own echo');
    expect(d.output()).not.toContain(marker);
    expect(await wiring.workspace.logEntry((e) => e.name === 'ipc.dropped' && e.channel === IpcChannel.input)).toBeDefined();
    expect(d.ipc.invoke(IpcChannel.getSettings, foreign)).toBeUndefined();
  });

  it.each([
    [IpcChannel.input, [PANE, 42], /must be a string/],
    [IpcChannel.input, [PANE, ''], /input length 0/],
    [IpcChannel.input, [PANE, 'a', 'b'], /expected 1 argument/],
    [IpcChannel.input, [PANE, 'x'.repeat(1_048_577)], /input length/],
    [IpcChannel.resize, [PANE, 0, 10], /size must be two integers/],
    [IpcChannel.resize, [PANE, 80.5, 24], /size must be two integers/],
    [IpcChannel.resize, [PANE, '80', '24'], /size must be two integers/],
    [IpcChannel.resize, [PANE, 99_999, 24], /size must be two integers/],
    [IpcChannel.resize, [PANE, 80], /expected 2 argument/],
    [IpcChannel.input, ['ls\r'], /the pane must be an id/],
    [IpcChannel.paneAction, [{ kind: 'focus', pane: '../1' }], /focus: bad pane/],
    [IpcChannel.paneAction, [{ kind: 'format-disk' }], /unknown pane action/],
    [IpcChannel.openLink, ['file:///etc/passwd'], /scheme file: is not http/],
    [IpcChannel.openLink, ['javascript:alert(1)'], /scheme javascript: is not http/],
    [IpcChannel.openLink, ['not a url'], /not a URL/],
    [IpcChannel.openLink, [{ href: 'https://example.com' }], /link must be a string/],
  ])('drops and logs a malformed %s message %#', async (channel, args, problem) => {
    const d = openWindow();
    await d.start(100, 30);
    d.ipc.emit(channel, d.own, ...args);
    const logged = await wiring.workspace.logEntry(
      (e) => e.name === 'ipc.dropped' && e.channel === channel && problem.test(String(e.problem)),
    );
    expect(logged).toBeDefined();
    // nothing reached the session or the system browser
    d.type('stty size\r');
    await d.until(() => d.output().includes('30 100'), 'stty size');
    expect(d.opened).toEqual([]);
    expect(d.app.exits).toEqual([]);
  });

  it('a flood of bad messages logs a bounded number of lines', async () => {
    const d = openWindow();
    const problem = 'link scheme flood: is not http or https';
    for (let i = 0; i < 50; i++) d.ipc.emit(IpcChannel.openLink, d.own, `flood:${i}`);
    expect(await wiring.workspace.logEntry((e) => e.name === 'ipc.dropped.silenced' && e.channel === IpcChannel.openLink)).toBeDefined();
    const logged = (await wiring.workspace.logEntries()).filter((e) => e.name === 'ipc.dropped' && e.problem === problem);
    expect(logged.length).toBe(20);
  });

  it('opens http(s) links in the system browser', () => {
    const d = openWindow();
    d.ipc.emit(IpcChannel.openLink, d.own, 'https://example.com/a b');
    expect(d.opened).toEqual(['https://example.com/a%20b']);
  });

  it('the context menu Paste makes the page paste (webContents.paste); a foreign sender cannot', () => {
    const d = openWindow();
    d.ipc.emit(IpcChannel.paste, sender(WINDOW_ID + 1, PAGE_URL));
    d.ipc.emit(IpcChannel.paste, d.own, 'extra');
    expect(d.page.pastes).toBe(0);
    d.ipc.emit(IpcChannel.paste, d.own);
    expect(d.page.pastes).toBe(1);
  });

  it('answers getSettings from the config, with the problems once, and refuses malformed requests', () => {
    const d = openWindow({ ...bash, fontSize: 17, scrollback: 500 }, ['config.json: fontSize: too big']);
    expect(d.ipc.invoke(IpcChannel.getSettings, d.own, 'extra')).toBeUndefined();
    const first = d.ipc.invoke(IpcChannel.getSettings, d.own) as RendererSettings;
    expect(first).toMatchObject({ fontSize: 17, scrollback: 500, problems: ['config.json: fontSize: too big'] });
    expect(first.ackEveryChars).toBeGreaterThan(0);
    expect((d.ipc.invoke(IpcChannel.getSettings, d.own) as RendererSettings).problems).toEqual([]);
  });
});

describe('exits with a running session', () => {
  it('Ctrl+C cancels the job and shows the hint; a second Ctrl+C exits 130 and the session dies', async () => {
    const d = openWindow();
    await d.start();
    const pid = await d.shellPid();
    d.type('sleep 1000\r');
    expect(await waitFor(async () => (await foregroundJob(pid)) === 'sleep', WAIT_MS)).toBe(true);
    const before = prompts(d);
    expect(d.page.key({ key: 'c', control: true }).defaultPrevented).toBe(true);
    expect(await wiring.workspace.logEntry((e) => e.name === 'key.ctrl-c')).toBeDefined();
    await d.until(() => prompts(d) > before, 'the prompt after the cancel');
    expect(d.page.valuesOn(IpcChannel.hint)[0]).toMatchObject({ visible: true } satisfies Partial<HintState>);
    // main told the page at the key to hold back what it had not parsed (press 1), until the
    // host's cut's flush, which names that press
    expect(d.page.sent.filter((m) => m.channel === IpcChannel.hold).map((m) => m.args)).toEqual([[PANE, true, 1]]);
    expect(d.page.sent.filter((m) => m.channel === IpcChannel.flush).map((m) => m.args)).toEqual([[PANE, 1]]);
    expect(d.app.exits).toEqual([]);
    // the shell has the terminal back: from now on a second press exits however fast it comes
    expect(await wiring.workspace.logEntry((e) => e.name === 'cancel.handled')).toBeDefined();
    d.page.key({ key: 'c', control: true });
    await d.until(() => d.app.exits.length > 0, 'the exit');
    expect(d.app.exits).toEqual([130]);
    expect(d.shortcuts.unregisterAllCalls).toBe(1);
    expect(await wiring.workspace.sessionDead(pid, WAIT_MS)).toMatchObject({ survivors: 0 });
  });

  it('a real key between two Ctrl+C presses makes the second a first press again: no exit', async () => {
    // the longest window the settings allow: without the key, the second press would exit 130
    const d = openWindow({ ...bash, doublePressWindowMs: 5_000 });
    await d.start();
    const pid = await d.shellPid();
    d.type('sleep 1000\r');
    expect(await waitFor(async () => (await foregroundJob(pid)) === 'sleep', WAIT_MS)).toBe(true);
    const before = prompts(d);
    d.page.key({ key: 'c', control: true });
    await d.until(() => prompts(d) > before, 'the prompt after the cancel');
    expect(d.page.key({ key: 'a' }).defaultPrevented).toBe(false);
    const second = prompts(d);
    d.page.key({ key: 'c', control: true });
    await d.until(() => prompts(d) > second, 'the prompt after the second press');
    expect(d.app.exits).toEqual([]);
  });

  it('the stop key and the process view reach the running session (session tools)', async () => {
    const d = openWindow({ ...bash, transcripts: false }, [], { hostKind: 'desktop' });
    await d.start();
    const pid = await d.shellPid();
    d.type('trap "" INT; sleep 1000\r');
    expect(await waitFor(async () => (await foregroundJob(pid)) === 'sleep', WAIT_MS)).toBe(true);
    d.screenRequest(IpcChannel.watchProcesses, true);
    await d.until(() => d.page.valuesOn(IpcChannel.processes).length > 0, 'a process view');
    d.screenRequest(IpcChannel.stopJob);
    await d.until(() => d.page.valuesOn(IpcChannel.stopOutcome).length > 0, 'the stop outcome');
    expect(d.page.valuesOn(IpcChannel.stopOutcome)[0]).toMatchObject({ ok: true } satisfies Partial<StopOutcome>);
    expect(await waitFor(async () => (await foregroundJob(pid)) !== 'sleep', WAIT_MS)).toBe(true);
  });

  it('window close exits 0 and the session, background jobs included, dies', async () => {
    const d = openWindow();
    await d.start();
    const pid = await d.shellPid();
    d.type('sleep 1000 & sleep 1000\r');
    d.window.emit('close', new FakeEvent());
    d.app.emit('window-all-closed');
    expect(d.app.exits).toEqual([0]);
    expect(await wiring.workspace.sessionDead(pid, WAIT_MS)).toMatchObject({ survivors: 0 });
  });

  it('the global shortcut exits 130', async () => {
    const d = openWindow();
    await d.start();
    d.shortcuts.press();
    expect(d.app.exits).toEqual([130]);
  });

  it('SIGTERM to the host exits 143 and the session dies', async () => {
    const d = openWindow();
    await d.start();
    const pid = await d.shellPid();
    process.kill(process.pid, 'SIGTERM');
    await d.until(() => d.app.exits.length > 0, 'the exit');
    expect(d.app.exits).toEqual([143]);
    expect(await wiring.workspace.sessionDead(pid, WAIT_MS)).toMatchObject({ survivors: 0 });
  });

  it('/exit at the prompt exits 0', async () => {
    const d = openWindow();
    await d.start();
    d.type('/exit\r');
    await d.until(() => d.app.exits.length > 0, 'the exit');
    expect(d.app.exits).toEqual([0]);
  });

  it('a program that ends by itself exits with its code', async () => {
    const d = openWindow({ ...bash, shell: '/bin/sh', args: ['-c', 'printf "READY$ "; read _; exit 7'] });
    await d.start();
    d.type('\r');
    await d.until(() => d.app.exits.length > 0, 'the exit');
    expect(d.app.exits).toEqual([7]);
  });

  it('a program that cannot start: the window says why, and closing it exits 1', async () => {
    const d = openWindow({ ...bash, shell: '/no/such/program' });
    d.ipc.emit(IpcChannel.resize, d.own, PANE, 80, 24);
    await d.until(() => d.page.valuesOn(IpcChannel.exit).length > 0, 'the start failure');
    const end = d.page.valuesOn(IpcChannel.exit)[0] as SessionEnd;
    expect(end.message).toContain('/no/such/program');
    d.type('ls\r');
    d.window.emit('close', new FakeEvent());
    expect(d.app.exits).toEqual([1]);
  });

  it('output stops going to a page that is gone, without throwing', async () => {
    const d = openWindow();
    await d.start();
    d.page.destroyed = true;
    const sent = d.page.sent.length;
    d.type('echo late\r');
    d.type('/exit\r');
    await d.until(() => d.app.exits.length > 0, 'the exit');
    expect(d.page.sent.length).toBe(sent);
  });
});
