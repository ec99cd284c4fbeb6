import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../core/config';
import { loadConfig } from './config-file';
import { type ConfigChange, ConfigWatcher } from './config-watch';

/** Bound on an edit reaching the listener on a loaded machine; never asserted as a timing. */
const WAIT_MS = 10_000;

const log = { event: () => undefined, warn: () => undefined };
let dir: string;
let file: string;
let watcher: ConfigWatcher | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-config-watch-'));
  file = path.join(dir, 'config.json');
});
afterEach(async () => {
  watcher?.dispose();
  watcher = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function start(initial: Record<string, unknown>): Promise<() => Promise<ConfigChange>> {
  await writeFile(file, JSON.stringify(initial));
  const loaded = loadConfig(file);
  watcher = new ConfigWatcher(file, loaded.config, loaded.problems, log);
  const changes: ConfigChange[] = [];
  const waiting: Array<(change: ConfigChange) => void> = [];
  watcher.onDidChange((change) => {
    const next = waiting.shift();
    if (next) next(change);
    else changes.push(change);
  });
  return () => {
    const queued = changes.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no settings change arrived')), WAIT_MS);
      waiting.push((change) => {
        clearTimeout(timer);
        resolve(change);
      });
    });
  };
}

describe('ConfigWatcher', () => {
  it('reads an edited file again: the new settings, no problems', async () => {
    const next = await start({ fontSize: 14 });
    await writeFile(file, JSON.stringify({ fontSize: 20, theme: { background: '#102030' } }));
    const change = await next();
    expect(change.problems).toEqual([]);
    expect(change.config).toMatchObject({ fontSize: 20, theme: { background: '#102030' } });
  });

  it('sees a save by rename (a new file moved over the old one)', async () => {
    const next = await start({ scrollback: 100 });
    const temp = path.join(dir, '.config.json.tmp');
    await writeFile(temp, JSON.stringify({ scrollback: 200 }));
    await rename(temp, file);
    expect((await next()).config.scrollback).toBe(200);
  });

  it('a broken file keeps every previous value and says why', async () => {
    const next = await start({ fontSize: 18, doublePressWindowMs: 2000 });
    await writeFile(file, '{ "fontSize": 30,');
    const change = await next();
    expect(change.config).toMatchObject({ fontSize: 18, doublePressWindowMs: 2000 });
    expect(change.problems).toEqual([expect.stringMatching(/\(file\): not valid JSON: .*; keeping the settings in use$/)]);
  });

  it('a bad key keeps its previous value, not its default; the good keys apply', async () => {
    const next = await start({ fontSize: 18, theme: { background: '#000000', foreground: '#ffffff' } });
    await writeFile(file, JSON.stringify({ fontSize: 1000, scrollback: 42, theme: { background: 'not a color!', foreground: '#eeeeee' } }));
    const change = await next();
    expect(change.config).toMatchObject({ fontSize: 18, scrollback: 42, theme: { background: '#000000', foreground: '#eeeeee' } });
    expect(change.problems.map((p) => p.split(': ')[1])).toEqual(expect.arrayContaining(['fontSize', 'theme.background']));
  });

  it('a fixed file clears the problems; a deleted one means the defaults', async () => {
    const next = await start({ fontSize: 18 });
    await writeFile(file, '{');
    expect((await next()).problems).toHaveLength(1);
    await writeFile(file, JSON.stringify({ fontSize: 18 }));
    expect(await next()).toEqual({ config: expect.objectContaining({ fontSize: 18 }), problems: [] });
    await rm(file);
    expect((await next()).config.fontSize).toBe(DEFAULT_CONFIG.fontSize);
  });
});
