// The committed icons are exactly what build/make-icons.mjs renders from build/icon.svg.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

describe('icons (build/icons from build/icon.svg)', () => {
  it('re-rendering gives the committed files byte for byte (else run `npm run icons`)', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'ripcord-icons-'));
    try {
      await execFileAsync(process.execPath, [path.join(__dirname, 'make-icons.mjs'), out]);
      const rendered = (await readdir(out)).sort();
      expect((await readdir(path.join(__dirname, 'icons'))).sort()).toEqual(rendered);
      expect(rendered).toContain('icon.icns');
      for (const name of rendered) {
        const same = (await readFile(path.join(out, name))).equals(await readFile(path.join(__dirname, 'icons', name)));
        expect(same, `${name} differs from a fresh render`).toBe(true);
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});
