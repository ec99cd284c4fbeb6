// The repository's own source files, as the repo-wide tests scan them.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..');
/** The folders that hold our source (code, tests, tools). */
export const SOURCE_FOLDERS = ['contracts', 'main', 'renderer', 'preload', 'e2e', 'bench', 'build'];
/** Generated or installed output inside those folders, and pictures: not our source. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'results', 'icons']);

/** Every file under `dir` that `wanted` takes (given its path from the repository's root), outside generated and dot folders. */
export async function sourceFiles(dir: string, wanted: (relativePath: string) => boolean): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) files.push(...(await sourceFiles(full, wanted)));
    } else if (wanted(path.relative(REPO_ROOT, full))) {
      files.push(full);
    }
  }
  return files;
}

/** sourceFiles of every source folder. */
export async function allSourceFiles(wanted: (relativePath: string) => boolean): Promise<string[]> {
  return (await Promise.all(SOURCE_FOLDERS.map((folder) => sourceFiles(path.join(REPO_ROOT, folder), wanted)))).flat();
}

/** The docs a reader is sent to, from the repository's root: README, CONTRIBUTING and every page of docs/. */
export async function docFiles(): Promise<string[]> {
  const pages = (await readdir(path.join(REPO_ROOT, 'docs'))).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', ...pages.sort()];
}
