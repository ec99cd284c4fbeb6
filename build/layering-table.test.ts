// The layering table of docs/design.md §1 is the lint's rules in words: for each row, an import of
// every folder and package the table names is linted from a file of that row, and the lint must
// allow exactly what the row's "may import" column lists.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
// The probes are files that do not exist, which the type-aware rules cannot type: their imports are linted without types.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

interface Row {
  folder: string;
  mayImport: string[];
}

const NODE_BUILT_INS = 'Node built-ins';
const ANYTHING = 'anything';

function layeringTable(): Row[] {
  const design = readFileSync(path.join(root, 'docs/design.md'), 'utf8');
  const start = design.indexOf('| folder | holds | may import |');
  if (start < 0) throw new Error('docs/design.md has no layering table (| folder | holds | may import |)');
  const rows: Row[] = [];
  for (const line of design.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const folder = /^`([^`]+)`$/.exec(cells[0] ?? '')?.[1];
    const last = cells[cells.length - 1] ?? '';
    if (!folder) throw new Error(`a layering row names no folder: ${line}`);
    const items = [...last.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    if (last.includes(NODE_BUILT_INS)) items.push(NODE_BUILT_INS);
    if (last === ANYTHING) items.push(ANYTHING);
    rows.push({ folder, mayImport: items });
  }
  return rows;
}

const FOLDERS = new Set([
  'contracts',
  'main/core',
  'main/platform',
  'main/decisions',
  'main/program',
  'main/lifecycle',
  'main/session-host',
  'main/desktop',
  'main/reaper',
  'main/cli',
  'preload',
  'renderer',
]);

/** The folder of FOLDERS a row or an item is (or is in); undefined for a package or Node. */
const folderOf = (item: string): string | undefined => [...FOLDERS].find((folder) => item === folder || item.startsWith(`${folder}/`));

/** A cycle of the table's "may import" relation between folders, as the folders along it; [] when there is none. */
function folderCycle(table: Row[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const row of table) {
    const from = folderOf(row.folder);
    if (!from) continue;
    for (const item of row.mayImport) {
      const to = folderOf(item);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (folder: string): string[] => {
    const seen = path.indexOf(folder);
    if (seen >= 0) return [...path.slice(seen), folder];
    if (done.has(folder)) return [];
    path.push(folder);
    for (const next of edges.get(folder) ?? []) {
      const cycle = visit(next);
      if (cycle.length > 0) return cycle;
    }
    path.pop();
    done.add(folder);
    return [];
  };
  for (const folder of edges.keys()) {
    const cycle = visit(folder);
    if (cycle.length > 0) return cycle;
  }
  return [];
}

/** The import specifier a file `from` writes to reach `target`: a folder, a file of ours or a package. */
function specifier(from: string, target: string): string {
  if (target === NODE_BUILT_INS) return 'node:fs';
  if (target.startsWith('@')) return target.replace('/*', '/xterm');
  if (!FOLDERS.has(target) && !target.includes('/')) return target;
  const probe = FOLDERS.has(target) ? `${target}/probe` : target.replace(/\.ts$/, '');
  const relative = path.relative(path.dirname(from), probe);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

async function allowed(file: string, spec: string): Promise<boolean> {
  const code = `import * as probe from '${spec}';\nexport const p = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return !(result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

const rows = layeringTable();
const vocabulary = [...new Set([...FOLDERS, ...rows.flatMap((row) => row.mayImport)])].filter((item) => item !== ANYTHING);

describe('the layering table of docs/design.md matches the lint rules', () => {
  it('names every folder of product code', () => {
    expect(rows.map((row) => row.folder)).toEqual(expect.arrayContaining([...FOLDERS]));
  });

  // The folders' import graph is the structure drawing of DESIGN §1: it has no cycles, so each
  // folder can be read knowing only the folders below it.
  it('has no cycle: no folder may import, through others, a folder that may import it', () => {
    expect(folderCycle(rows)).toEqual([]);
    expect(folderCycle([...rows, { folder: 'main/core', mayImport: ['main/cli'] }]).length).toBeGreaterThan(0);
  });

  for (const row of rows.filter((r) => !r.mayImport.includes(ANYTHING))) {
    const file = row.folder.endsWith('.ts') ? row.folder : `${row.folder}/probe-file.ts`;
    const targets = vocabulary.filter(
      (target) => !(row.folder === target || row.folder.startsWith(`${target}/`) || target.startsWith(`${row.folder}/`)),
    );
    it(`${row.folder} may import exactly: ${row.mayImport.join(', ') || 'nothing'}`, async () => {
      const verdicts: string[] = [];
      for (const target of targets) {
        const lint = await allowed(file, specifier(file, target));
        const listed = row.mayImport.some((item) => item === target || target.startsWith(`${item}/`));
        if (lint !== listed)
          verdicts.push(
            `${target} (${specifier(file, target)}): the lint ${lint ? 'allows' : 'forbids'} it, the table ${listed ? 'lists' : 'does not list'} it`,
          );
      }
      expect(verdicts).toEqual([]);
    });
  }
});
