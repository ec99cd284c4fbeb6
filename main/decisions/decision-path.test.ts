// One decision path (DESIGN §3): every trigger is decided by a session's SessionExits, and every
// exit decision runs the process's one ExitPath — the session's own (`ripcord run`), or its
// window's (PaneWindow, whose panes' SessionExits hand their exits to it). Each keeps them
// private, so a second place that decides or exits would have to make its own: this test fails
// when product code anywhere else constructs one.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
/** The folders of product code (tests and their helpers aside). */
const PRODUCT_FOLDERS = ['main', 'renderer', 'preload'];
const isTestCode = (file: string): boolean => /\.test(-support)?\.ts$/.test(file) || /\.test\.[^.]+\.ts$/.test(file);

async function productFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await productFiles(full)));
    else if (entry.name.endsWith('.ts') && !isTestCode(entry.name)) files.push(full);
  }
  return files;
}

async function constructing(className: string): Promise<string[]> {
  const pattern = new RegExp(`new\\s+${className}\\s*\\(`);
  const found: string[] = [];
  for (const folder of PRODUCT_FOLDERS) {
    for (const file of await productFiles(path.join(root, folder))) {
      if (pattern.test(await readFile(file, 'utf8'))) found.push(path.relative(root, file));
    }
  }
  return found;
}

describe('one decision path', () => {
  it.each(['ExitDecisionTable', 'CtrlCState'])('only SessionExits makes a %s', async (className) => {
    expect(await constructing(className)).toEqual(['main/decisions/session-exits.ts']);
  });

  it('only SessionExits (one session) and PaneWindow (a window of panes) make an ExitPath', async () => {
    expect(await constructing('ExitPath')).toEqual(['main/decisions/session-exits.ts', 'main/desktop/pane-window.ts']);
  });
});
