// Writes build/config.schema.json and ajv's standalone validator for it
// (main/core/config-validator.generated.js) from CONFIG_SCHEMA in main/core/config.ts, the one
// source of truth. `npm run schema` runs it; build/config-schema.test.ts fails when either drifts.
import { build } from 'esbuild';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configValidatorSource, VALIDATOR_FILE } from './config-validator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = path.join(root, 'build/config.schema.json');

/** The validator config.ts imports is the file written here: the schema is read without it. */
const withoutValidator = {
  name: 'without-validator',
  setup(b) {
    b.onResolve({ filter: /config-validator\.generated$/ }, () => ({ path: 'validator', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default undefined;' }));
  },
};

/** main/core/config.ts as a module: the schema text exactly as it renders it, the schema and its formats. */
async function loadConfigModule() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-schema-'));
  try {
    const outfile = path.join(dir, 'config.cjs');
    await build({ entryPoints: [path.join(root, 'main/core/config.ts')], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'warning', plugins: [withoutValidator] });
    return createRequire(import.meta.url)(outfile);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const config = await loadConfigModule();
await writeFile(schemaFile, config.configSchemaText());
console.log(`wrote ${path.relative(root, schemaFile)}`);
await writeFile(path.join(root, VALIDATOR_FILE), configValidatorSource(config.CONFIG_SCHEMA, config.CONFIG_FORMATS));
console.log(`wrote ${VALIDATOR_FILE}`);
