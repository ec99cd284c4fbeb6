// Code comments cite the design as "DESIGN §N" (or "DESIGN §N, §M", "DESIGN §N and §M");
// docs/design.md is that document. This test fails when a citation names a section that
// docs/design.md has no heading for, so a renumbered or deleted section cannot leave
// dangling references behind.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSourceFiles } from './source-files.test-support';

const root = path.resolve(__dirname, '..');
const DESIGN_FILE = path.join(root, 'docs/design.md');
const SOURCE_EXTENSIONS = new Set(['.ts', '.mts', '.mjs', '.js', '.html', '.css', '.sh']);

// "DESIGN", then the comment's own line break and leader if the citation wraps, then one or more
// "§N" / "§N.M" joined by "," or "and".
const SECTION = '§(\\d+(?:\\.\\d+)?)';
const CITATION = new RegExp(`DESIGN(?:[\\s*/#]|<!--)*${SECTION}(?:(?:\\s*,\\s*|\\s+and\\s+)${SECTION})*`, 'g');
/** "## 3. Triggers" or "### 3.1 Exit commands": the number a citation resolves to. */
const HEADING = /^#{2,4}\s+(\d+(?:\.\d+)?)\.?\s/gm;

interface Citation {
  file: string;
  line: number;
  section: string;
}

/** Every section a text cites, with the line each citation starts on. */
function citationsIn(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  for (const match of text.matchAll(CITATION)) {
    const line = text.slice(0, match.index).split('\n').length;
    for (const section of match[0].matchAll(new RegExp(SECTION, 'g'))) {
      found.push({ file, line, section: section[1] as string });
    }
  }
  return found;
}

function sectionsIn(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(HEADING)].map((m) => m[1] as string));
}

describe('docs/design.md sections cited by the code', () => {
  it('finds every citation form the code uses', () => {
    // Assembled so that this file's own scan does not read them as citations.
    const d = 'DESIGN';
    const text = [
      `// ${d} §3: one`,
      `// (${d} §5, §6) and (${d} §3 and §6)`,
      ` * as process.execPath (${d}`,
      ' *   §4). It is',
      `x ${d} §7.2 y`,
    ].join('\n');
    expect(citationsIn('sample.ts', text)).toEqual([
      { file: 'sample.ts', line: 1, section: '3' },
      { file: 'sample.ts', line: 2, section: '5' },
      { file: 'sample.ts', line: 2, section: '6' },
      { file: 'sample.ts', line: 2, section: '3' },
      { file: 'sample.ts', line: 2, section: '6' },
      { file: 'sample.ts', line: 3, section: '4' },
      { file: 'sample.ts', line: 5, section: '7.2' },
    ]);
    expect(sectionsIn('# t\n## 1. One\ntext\n## 2. Two\n### 2.1 Sub\n#### not a number\n')).toEqual(new Set(['1', '2', '2.1']));
  });

  it('has a heading in docs/design.md for every "DESIGN §N" in the source', async () => {
    const sections = sectionsIn(await readFile(DESIGN_FILE, 'utf8'));
    const citations: Citation[] = [];
    for (const file of await allSourceFiles((file) => SOURCE_EXTENSIONS.has(path.extname(file)))) {
      citations.push(...citationsIn(path.relative(root, file), await readFile(file, 'utf8')));
    }
    // The scan itself must work: the code cites the design dozens of times.
    expect(citations.length).toBeGreaterThan(20);
    const dangling = citations.filter((c) => !sections.has(c.section)).map((c) => `${c.file}:${c.line} cites §${c.section}`);
    expect(dangling, `docs/design.md has headings for ${[...sections].join(', ')}`).toEqual([]);
  });
});
