// docs/settings.md promises every setting: this fails when a key of the schema has no row there,
// when a row names a key the schema does not have, or when its example drifts from the shipped
// build/config.example.json (which config-file.test.ts loads and validates).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA } from '../main/core/config-schema';

const root = path.resolve(__dirname, '..');
/** A settings-table row: "| `key` | default | ...". */
const ROW_KEY = /^\| `([A-Za-z$]+)` \|/gm;
const JSON_BLOCK = /```json\n([\s\S]*?)```/;

describe('docs/settings.md', () => {
  it('has one row for every key of the settings schema, and no other', async () => {
    const text = await readFile(path.join(root, 'docs/settings.md'), 'utf8');
    const documented = [...text.matchAll(ROW_KEY)].map((m) => m[1]);
    // `$schema` is for editors and explained in the text; every other key is a setting.
    const settings = Object.keys(CONFIG_SCHEMA.properties).filter((key) => key !== '$schema');
    expect([...documented].sort()).toEqual([...settings].sort());
  });

  it('shows build/config.example.json as its example', async () => {
    const text = await readFile(path.join(root, 'docs/settings.md'), 'utf8');
    const example = await readFile(path.join(root, 'build/config.example.json'), 'utf8');
    expect(JSON_BLOCK.exec(text)?.[1]).toBe(example);
  });
});
