import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { configSchemaText } from '../main/core/config';

const shipped = path.join(__dirname, 'config.schema.json');

describe('shipped config schema (build/config.schema.json)', () => {
  it('is exactly what main/core/config.ts renders (regenerate with `npm run schema`)', async () => {
    expect(await readFile(shipped, 'utf8')).toBe(configSchemaText());
  });

  it('is a valid draft-07 schema, so editors can use it', async () => {
    const schema: unknown = JSON.parse(await readFile(shipped, 'utf8'));
    const ajv = new Ajv();
    expect(ajv.validateSchema(schema as object), ajv.errorsText()).toBe(true);
  });
});
