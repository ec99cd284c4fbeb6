// `npm run lint` fails on code Prettier would change (`prettier --check .`): the repo's config
// reaches the product's files, and what it rejects is real.
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');

async function formatted(file: string, source: string): Promise<boolean> {
  const filepath = path.join(repo, file);
  const options = await prettier.resolveConfig(filepath, { editorconfig: true });
  return prettier.check(source, { ...options, filepath });
}

describe('the code format', () => {
  it('is the repo config: single quotes, and a call too long for 140 columns is broken', async () => {
    const long = `export const value = someFunction(${Array.from({ length: 12 }, (_, i) => `'argument number ${i}'`).join(', ')});\n`;
    expect(long.length).toBeGreaterThan(140);
    expect(await formatted('main/core/x.ts', long)).toBe(false);
    expect(await formatted('main/core/x.ts', 'export const a = "double";\n')).toBe(false);
    expect(await formatted('main/core/x.ts', "export const a = 'single';\n")).toBe(true);
  });

  it('leaves the generated validator alone', async () => {
    const info = await prettier.getFileInfo(path.join(repo, 'main/core/config-validator.generated.js'), {
      ignorePath: path.join(repo, '.prettierignore'),
    });
    expect(info.ignored).toBe(true);
  });
});
