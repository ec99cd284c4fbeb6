// docs/usage.md's key list is the action table's: this fails when it differs from what
// build/usage-keys.ts renders (regenerate with `npm run schema`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../main/core/actions';
import { withKeyList } from './usage-keys';

const root = path.resolve(__dirname, '..');

describe('docs/usage.md', () => {
  it('has the key list the action table renders', async () => {
    const text = await readFile(path.join(root, 'docs/usage.md'), 'utf8');
    expect(withKeyList(text), "the key list's markers").toBeDefined();
    expect(text).toBe(withKeyList(text));
  });

  it('lists every action by its id', async () => {
    const text = await readFile(path.join(root, 'docs/usage.md'), 'utf8');
    for (const id of ACTION_IDS) expect(text).toContain(`\`${id}\``);
  });
});
