// Code comments link the docs by page or section ("docs/benchmarks.md#start"): the measurements
// behind a choice live there, not in the comment. This test fails when such a link names a page
// or a heading the docs do not have, so a renamed page or section cannot leave a comment
// pointing nowhere; the docs' links to each other are checked the same way.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSourceFiles, docFiles } from './source-files.test-support';

const root = path.resolve(__dirname, '..');
const SOURCE_EXTENSIONS = new Set(['.ts', '.mts', '.mjs', '.js']);
const LINK = /docs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g;
const HEADING = /^#{1,6}\s+(.+)$/gm;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(HEADING)].map((m) => anchorOf(m[1] as string)));
}

describe('links from the code to a section of the docs', () => {
  it('makes the anchors GitHub makes', () => {
    expect([...anchorsIn('# Benchmarks\n## 9. Numbers to hit\n### Flow-control window\n### `--quick` runs: Ctrl+C → prompt\n')]).toEqual([
      'benchmarks',
      '9-numbers-to-hit',
      'flow-control-window',
      '--quick-runs-ctrlc--prompt',
    ]);
  });

  it('names a page the docs have and, with an anchor, a heading it has', async () => {
    const links: { at: string; page: string; anchor: string | undefined }[] = [];
    for (const file of await allSourceFiles((file) => SOURCE_EXTENSIONS.has(path.extname(file)))) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(LINK)) {
        const line = text.slice(0, match.index).split('\n').length;
        links.push({ at: `${path.relative(root, file)}:${line}`, page: match[1] as string, anchor: match[2] });
      }
    }
    // The scan itself must work: comments link docs/benchmarks.md's sections many times.
    expect(links.length).toBeGreaterThan(10);
    const dangling: string[] = [];
    for (const link of links) {
      const page = await readFile(path.join(root, 'docs', link.page), 'utf8').catch(() => undefined);
      if (page === undefined) dangling.push(`${link.at}: docs/${link.page} does not exist`);
      else if (link.anchor !== undefined && !anchorsIn(page).has(link.anchor))
        dangling.push(`${link.at}: docs/${link.page} has no heading #${link.anchor}`);
    }
    expect(dangling).toEqual([]);
  });
});

describe('links between the docs', () => {
  /** `](target#anchor)` in README, CONTRIBUTING and docs/: a path relative to the linking file (none: the file itself), `http(s):` and `mailto:` left out. */
  const LINK_IN_DOC = /\]\((?!https?:|mailto:)([^)\s#]*)(?:#([^)\s]+))?\)/g;

  it('name a file that exists and, in a page, a heading it has', async () => {
    const dangling: string[] = [];
    let links = 0;
    for (const doc of await docFiles()) {
      const text = await readFile(path.join(root, doc), 'utf8');
      for (const match of text.matchAll(LINK_IN_DOC)) {
        const [, target = '', anchor] = match;
        if (target === '' && anchor === undefined) continue;
        links++;
        const at = `${doc}:${text.slice(0, match.index).split('\n').length}`;
        const file = target === '' ? path.join(root, doc) : path.resolve(path.dirname(path.join(root, doc)), target);
        if (!existsSync(file)) dangling.push(`${at}: ${target} does not exist`);
        else if (anchor !== undefined && !anchorsIn(await readFile(file, 'utf8')).has(anchor))
          dangling.push(`${at}: ${target || doc} has no heading #${anchor}`);
      }
    }
    expect(links).toBeGreaterThan(50);
    expect(dangling).toEqual([]);
  });
});
