// A window of several panes through the desktop's wiring (terminal-window.ts, issue #33): the
// window keys reach main's PaneWindow before the page, each pane is a real bash in its own
// session, and the ruling of docs/design.md §3 holds — a pane's own exit ends only its pane
// (its whole container, at once), the app's triggers end every pane.
import { describe, expect, it } from 'vitest';
import type { PaneId, WindowLayout } from '../../contracts/panes';
import { IpcChannel, type SessionEnd, type SessionNotice } from '../../contracts/renderer';
import { markedProcesses, newMarker, waitFor } from '../platform/processes/processes.test-support';
import { BASH, openDesktopWindow, WAIT_MS, type Desktop } from './desktop-window.test-support';
import { FakeEvent, useWiringWorkspace } from './wiring.test-support';

const wiring = useWiringWorkspace();
const LONG_INTERVAL = { ...BASH, doublePressWindowMs: 5_000 };

const layoutNow = (d: Desktop): WindowLayout => d.panes.current;
const sentLayouts = (d: Desktop): WindowLayout[] => d.page.valuesOn(IpcChannel.layout) as WindowLayout[];

/** A new tab by its key; resolves once its bash shows a prompt, with its pane. */
async function newTab(d: Desktop): Promise<PaneId> {
  expect(d.page.key({ key: 'T', control: true, shift: true }).defaultPrevented).toBe(true);
  const pane = layoutNow(d).focused;
  await d.start(100, 30, pane);
  return pane;
}

/**
 * A tree that ignores HUP, INT and TERM, with a child that left the session (setsid -f): what a
 * pane's end must still take with it. Resolves once both run.
 */
async function hostileTree(d: Desktop, pane: PaneId, marker: string): Promise<void> {
  d.type(
    `(trap '' HUP INT TERM; setsid -f bash -c "trap '' HUP INT TERM; exec -a ${marker}-setsid sleep 1000"; exec -a ${marker}-stubborn sleep 1000) &\r`,
    d.own,
    pane,
  );
  expect(await waitFor(async () => (await markedProcesses(marker)).length === 2, WAIT_MS)).toBe(true);
}

/** Two Ctrl+C presses in the focused pane, the second once the first's cancel was handled there. */
async function doublePress(d: Desktop, pane: PaneId): Promise<void> {
  const before = d.output(pane).split('READY$ ').length;
  d.page.key({ key: 'c', control: true });
  await d.until(() => d.output(pane).split('READY$ ').length > before, 'the prompt after the cancel', pane);
  d.page.key({ key: 'c', control: true });
}

describe('a window of several panes', () => {
  it("a double Ctrl+C ends the focused pane's whole session and closes it; the other pane runs on; closing the window ends it too", async () => {
    const d = openDesktopWindow(wiring);
    await d.start();
    const [first, second] = [newMarker(), newMarker()];
    await hostileTree(d, '1', first);
    const pane = await newTab(d);
    expect(layoutNow(d).tabs).toHaveLength(2);
    const pid = await d.shellPid(pane);
    await hostileTree(d, pane, second);
    await doublePress(d, pane);
    expect(await wiring.workspace.sessionDead(pid, WAIT_MS)).toMatchObject({ survivors: 0 });
    expect(await markedProcesses(second)).toEqual([]);
    expect(await markedProcesses(first)).toHaveLength(2);
    expect(d.app.exits).toEqual([]);
    expect(layoutNow(d)).toMatchObject({ tabs: [{ root: { pane: '1' } }], focused: '1' });
    expect(sentLayouts(d).at(-1)).toEqual(layoutNow(d));
    // the one pane left is the app again: closing the window ends it, with its tree
    d.window.emit('close', new FakeEvent());
    expect(d.app.exits).toEqual([0]);
    expect(await waitFor(async () => (await markedProcesses(first)).length === 0, WAIT_MS)).toBe(true);
  });

  it('Ctrl+C pressed in turn in two panes within the double-press interval quits neither; the focus change ends a double press', async () => {
    const d = openDesktopWindow(wiring, LONG_INTERVAL);
    await d.start();
    const pane = await newTab(d);
    for (const target of ['1', pane, '1', pane]) {
      if (layoutNow(d).focused !== target) d.page.key({ key: 'Tab', code: 'Tab', control: true });
      expect(layoutNow(d).focused).toBe(target);
      const before = d.output(target).split('READY$ ').length;
      d.page.key({ key: 'c', control: true });
      await d.until(() => d.output(target).split('READY$ ').length > before, `the cancel in pane ${target}`, target);
    }
    expect(layoutNow(d).tabs).toHaveLength(2);
    expect(d.app.exits).toEqual([]);
  });

  it('an exit command closes its pane (0 processes left); in the last pane it quits the app with 0', async () => {
    const d = openDesktopWindow(wiring);
    await d.start();
    const pane = await newTab(d);
    const pid = await d.shellPid(pane);
    d.type('/exit\r', d.own, pane);
    expect(await wiring.workspace.sessionDead(pid, WAIT_MS)).toMatchObject({ survivors: 0 });
    await d.until(() => layoutNow(d).tabs.length === 1, 'the pane to close');
    expect(d.app.exits).toEqual([]);
    d.type('/exit\r');
    await d.until(() => d.app.exits.length > 0, 'the exit');
    expect(d.app.exits).toEqual([0]);
  });

  it("Ctrl+Shift+W ends the tab's sessions at once and says so; the other tab runs on", async () => {
    const d = openDesktopWindow(wiring);
    await d.start();
    const marker = newMarker();
    const pane = await newTab(d);
    const pid = await d.shellPid(pane);
    await hostileTree(d, pane, marker);
    expect(d.page.key({ key: 'W', control: true, shift: true }).defaultPrevented).toBe(true);
    expect(await wiring.workspace.sessionDead(pid, WAIT_MS)).toMatchObject({ survivors: 0 });
    expect(await markedProcesses(marker)).toEqual([]);
    expect(layoutNow(d).tabs).toHaveLength(1);
    const notice = d.page.sent.filter((m) => m.channel === IpcChannel.notice).at(-1);
    expect(notice?.args[0]).toBe('1');
    expect((notice?.value as SessionNotice).title).toMatch(/tab was closed/);
    // the last tab's close is the window's: exit 0
    d.page.key({ key: 'W', control: true, shift: true });
    expect(d.app.exits).toEqual([0]);
  });

  it("a split's program that ends by itself: the pane says how and closes on the next key; the last such pane quits with its code", async () => {
    const d = openDesktopWindow(wiring);
    await d.start();
    expect(d.page.key({ key: '+', code: 'Equal', alt: true, shift: true }).defaultPrevented).toBe(true);
    const pane = layoutNow(d).focused;
    expect(layoutNow(d).tabs[0]?.root).toMatchObject({ split: 'right', first: { pane: '1' }, second: { pane } });
    await d.start(50, 30, pane);
    d.type('exit 3\r', d.own, pane);
    await d.until(() => d.page.sent.some((m) => m.channel === IpcChannel.exit && m.args[0] === pane), "the pane's end", pane);
    const end = d.page.sent.find((m) => m.channel === IpcChannel.exit && m.args[0] === pane)?.value as SessionEnd;
    expect(end).toEqual({ exitCode: 3, closesOnKey: true });
    expect(layoutNow(d).focused).toBe(pane);
    d.page.key({ key: 'x' });
    expect(layoutNow(d)).toMatchObject({ tabs: [{ root: { pane: '1' } }], focused: '1' });
    expect(d.app.exits).toEqual([]);
  });

  it('SIGTERM while the focused pane shows how its program ended: 143, decided by a running pane', async () => {
    const d = openDesktopWindow(wiring);
    await d.start();
    const pane = await newTab(d);
    d.type('exit 3\r', d.own, pane);
    await d.until(() => d.page.sent.some((m) => m.channel === IpcChannel.exit && m.args[0] === pane), "the pane's end", pane);
    expect(layoutNow(d).focused).toBe(pane);
    process.kill(process.pid, 'SIGTERM');
    await d.until(() => d.app.exits.length > 0, 'the exit');
    expect(d.app.exits).toEqual([143]);
  });

  it('with doubleCtrlC "app", a double Ctrl+C in one of several panes quits the app (130)', async () => {
    const d = openDesktopWindow(wiring, { ...BASH, doubleCtrlC: 'app' });
    await d.start();
    const pane = await newTab(d);
    await doublePress(d, pane);
    await d.until(() => d.app.exits.length > 0, 'the exit');
    expect(d.app.exits).toEqual([130]);
  });

  it('at the pane limit a new tab is refused with a notice', async () => {
    const d = openDesktopWindow(wiring, { ...BASH, maxPanes: 1 });
    await d.start();
    d.page.key({ key: 'T', control: true, shift: true });
    expect(layoutNow(d).tabs).toHaveLength(1);
    const notice = d.page.valuesOn(IpcChannel.notice).at(-1) as SessionNotice;
    expect(notice.title).toMatch(/at most 1 panes/);
  });
});
