// Writes build/config.schema.json from CONFIG_SCHEMA in main/core/config.ts, the one source of
// truth. `npm run schema` runs it; build/config-schema.test.ts fails when the file drifts.
import { build } from 'esbuild';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = path.join(root, 'build/config.schema.json');

/** The schema text exactly as main/core/config.ts renders it. */
async function renderSchema() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-schema-'));
  try {
    const outfile = path.join(dir, 'config.cjs');
    await build({ entryPoints: [path.join(root, 'main/core/config.ts')], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'warning' });
    return createRequire(import.meta.url)(outfile).configSchemaText();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await writeFile(schemaFile, await renderSchema());
console.log(`wrote ${path.relative(root, schemaFile)}`);
