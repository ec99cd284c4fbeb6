import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_FORMATS, CONFIG_SCHEMA, configSchemaText } from '../main/core/config-schema';
import { configValidatorSource, VALIDATOR_FILE } from './config-validator.mjs';

const shipped = path.join(__dirname, 'config.schema.json');

describe('shipped config schema (build/config.schema.json)', () => {
  it('is exactly what main/core/config-schema.ts renders (regenerate with `npm run schema`)', async () => {
    expect(await readFile(shipped, 'utf8')).toBe(configSchemaText());
  });

  it('has its validator compiled ahead of time from exactly this schema (regenerate with `npm run schema`)', async () => {
    expect(await readFile(path.join(__dirname, '..', VALIDATOR_FILE), 'utf8')).toBe(configValidatorSource(CONFIG_SCHEMA, CONFIG_FORMATS));
  });

  it('is a valid draft-07 schema, so editors can use it', async () => {
    const schema: unknown = JSON.parse(await readFile(shipped, 'utf8'));
    const ajv = new Ajv();
    expect(ajv.validateSchema(schema as object), ajv.errorsText()).toBe(true);
  });
});
