// The harness page runs the shipped preload (dist/preload.js) on a shim of Electron's renderer
// API (e2e/harness/browser-api.ts): window.ripcord is what the preload exposed, copied as
// contextBridge copies it, and nothing else of the shim makes one. A wrong channel in the
// preload, or a preload that stopped exposing its API, fails here.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { preloadScript } from '../harness/pages';
import { DIST, harnessPerTest, openTerminal, run, waitForPrompt, waitForRow } from './harness-fixture';

const harnesses = harnessPerTest();

test('window.ripcord is what dist/preload.js exposed through contextBridge, and the terminal runs on it', async ({ page }) => {
  const h = await harnesses.start();
  const served = await (await fetch(`${h.url.split('?')[0]}preload.js`)).text();
  expect(served).toBe(preloadScript(await readFile(path.join(DIST, 'preload.js'), 'utf8')));
  await openTerminal(page, h);
  await waitForPrompt(page);
  expect(await page.evaluate(() => window.__ripcordHarness?.exposedByPreload)).toEqual(['ripcord']);
  // copied and frozen as contextBridge exposes it; the wrapper's hand-off is gone once used
  expect(
    await page.evaluate(() => ({
      frozen: Object.isFrozen(window.ripcord),
      writable: Object.getOwnPropertyDescriptor(window, 'ripcord')?.writable,
      runner: typeof window.__ripcordRunPreload,
    })),
  ).toEqual({ frozen: true, writable: false, runner: 'undefined' });
  // the preload's channels reach the session: input (main's), the screen (the host's port)
  await run(page, 'echo preload-$((6*7))');
  await waitForRow(page, /^preload-42$/);
});

test('without the preload the page gets no window.ripcord: the shim makes none of its own', async ({ page }) => {
  const h = await harnesses.start();
  await page.route('**/preload.js', (route) => route.fulfill({ status: 404, body: '' }));
  // goto waits for the load event: every script of the page has run
  await page.goto(`${h.url}&renderer=dom`);
  expect(await page.evaluate(() => ({ api: typeof window.ripcord, exposed: window.__ripcordHarness?.exposedByPreload }))).toEqual({
    api: 'undefined',
    exposed: [],
  });
});

test('the shim gives a preload only contextBridge and ipcRenderer: any other electron API or module throws', async ({ page }) => {
  const h = await harnesses.start();
  const tried = ['ipcRenderer.sendSync', 'webFrame', 'require("fs")'];
  await page.route('**/preload.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      // the same wrapper as the real preload's, around a preload that tries what it may not
      body: preloadScript(`
        const electron = require('electron');
        const outcomes = [];
        for (const attempt of [() => electron.ipcRenderer.sendSync('x'), () => electron.webFrame, () => require('fs')]) {
          try { attempt(); outcomes.push('allowed'); } catch (error) { outcomes.push(String(error.message)); }
        }
        electron.contextBridge.exposeInMainWorld('outcomes', outcomes);
      `),
    }),
  );
  await page.goto(`${h.url}&renderer=dom`);
  const outcomes =
    (await page.waitForFunction(() => (window as unknown as { outcomes?: string[] }).outcomes).then((handle) => handle.jsonValue())) ?? [];
  expect(outcomes).toHaveLength(tried.length);
  for (const [i, outcome] of outcomes.entries())
    expect(outcome, tried[i]).toMatch(/has no (ipcRenderer\.sendSync|electron\.webFrame|module "fs")/);
});
