// Writes build/config.schema.json and ajv's standalone validator for it
// (main/core/config-validator.generated.js) from CONFIG_SCHEMA in main/core/config-schema.ts,
// the one source of truth, and docs/usage.md's key list from the action table (build/usage-keys.ts).
// `npm run schema` runs it; build/config-schema.test.ts and docs-usage-keys.test.ts fail when any drifts.
import { build } from 'esbuild';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configValidatorSource, VALIDATOR_FILE } from './config-validator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = path.join(root, 'build/config.schema.json');

/** A TypeScript module of the repo, loaded (main/core/config-schema.ts: the schema text exactly as it renders it, the schema and its formats). */
async function loadModule(file) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-schema-'));
  try {
    const outfile = path.join(dir, 'module.cjs');
    await build({
      entryPoints: [path.join(root, file)],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile,
      logLevel: 'warning',
    });
    return createRequire(import.meta.url)(outfile);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const config = await loadModule('main/core/config-schema.ts');
await writeFile(schemaFile, config.configSchemaText());
console.log(`wrote ${path.relative(root, schemaFile)}`);
await writeFile(path.join(root, VALIDATOR_FILE), configValidatorSource(config.CONFIG_SCHEMA, config.CONFIG_FORMATS));
console.log(`wrote ${VALIDATOR_FILE}`);

const usageFile = path.join(root, 'docs/usage.md');
const usage = await readFile(usageFile, 'utf8');
const withKeys = (await loadModule('build/usage-keys.ts')).withKeyList(usage);
if (withKeys === undefined) throw new Error('docs/usage.md has no key list markers (build/usage-keys.ts)');
await writeFile(usageFile, withKeys);
console.log(`wrote ${path.relative(root, usageFile)} (its key list)`);
