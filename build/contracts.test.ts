// The renderer contract lives in contracts/, which every side imports; preload/ is the desktop's
// bridge and nothing else's (DESIGN §1). Every TypeScript file of the repository is read, each
// import's specifier resolved against the file, and an import that lands in preload/ from a file
// outside it fails — whatever the path looks like (`../../preload`, `./../preload/preload-main`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const BRIDGE = 'preload';

/** Every module specifier a source imports (static and type imports, re-exports, import(), require()), read by TypeScript's own scanner: never text inside a string. */
function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** The repository path a relative specifier of `file` names; undefined for a package. */
function resolved(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

const inBridge = (repoPath: string): boolean => repoPath === BRIDGE || repoPath.startsWith(`${BRIDGE}/`);

/** The imports of `file` (a repository path) that reach into preload/ from outside it. */
function bridgeImports(file: string, source: string): string[] {
  if (inBridge(file)) return [];
  return specifiers(source).filter((specifier) => {
    const target = resolved(file, specifier);
    return target !== undefined && inBridge(target);
  });
}

function trackedTypeScript(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.mts', '*.cts'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((file) => file !== '');
}

describe('nothing outside preload/ imports it (the contract is contracts/)', () => {
  it('finds an import into preload/ however its path is written', () => {
    expect(bridgeImports('main/desktop/x.ts', "import type { RipcordApi } from '../../preload/api';")).toEqual(['../../preload/api']);
    expect(bridgeImports('renderer/x.ts', "export { api } from './../preload';")).toEqual(['./../preload']);
    expect(bridgeImports('e2e/harness/x.ts', "const p = require('../../preload/preload-main');")).toEqual(['../../preload/preload-main']);
    expect(bridgeImports('main/x.ts', "import type { A } from '../contracts/renderer';\nimport 'preload';")).toEqual([]);
    expect(bridgeImports('build/x.ts', 'const code = "import { api } from \'../preload\';";')).toEqual([]);
    expect(bridgeImports('preload/preload-main.ts', "import { IpcChannel } from '../contracts/renderer';")).toEqual([]);
  });

  it('holds for every TypeScript file of the repository', () => {
    const files = trackedTypeScript();
    expect(files.length, 'git ls-files listed the sources').toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      bridgeImports(file, readFileSync(path.join(root, file), 'utf8')).map((specifier) => `${file}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});
