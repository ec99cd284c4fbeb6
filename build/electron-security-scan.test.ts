// The Electron security scanner (@doyensec/electronegativity) over the desktop app's sources —
// main/desktop (with the page-facing window-ipc.ts), main/session-host, preload and the page — in `npm test`. It parses current TypeScript. Online
// checks are off (AvailableSecurityFixesGlobalCheck fetches Electron's release list). Every
// finding must be listed below with why it is not a problem, so a new one fails the test; a
// listed one that no longer shows up fails too, so the list stays exact. The scanner cannot see
// through a function that builds the window options, so the checklist itself is also encoded as
// tests of those options, handlers and fuses (main/desktop/security-checklist.test.ts).
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(__dirname, '..');
const scanner = path.join(repo, 'node_modules/@doyensec/electronegativity/dist/index.js');
/** Its translation fetch waits up to 1 s per run; the scan itself takes a few seconds. */
const SCAN_TIMEOUT_MS = 120_000;
const ONLINE_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

/** "CHECK_ID path" → why it is a false positive here. */
const KNOWN_FINDINGS: Record<string, string> = {
  'CSP_GLOBAL_CHECK renderer/index.html':
    "flags style-src 'unsafe-inline': xterm.js injects <style> elements; scripts stay 'self' only, default-src 'none'",
  'CONTEXT_ISOLATION_JS_CHECK main/desktop/start-desktop.ts':
    'the options come from terminalWindowOptions(), which the scanner cannot follow: contextIsolation true is tested in security-checklist.test.ts',
  'SANDBOX_JS_CHECK main/desktop/start-desktop.ts': 'same: sandbox true is tested, and app.enableSandbox() runs before ready',
  'PRELOAD_JS_CHECK main/desktop/start-desktop.ts':
    'a review reminder: the preload exposes named functions only (preload/preload-main.ts), never ipcRenderer',
  'AUXCLICK_JS_CHECK main/desktop/start-desktop.ts':
    'middle-click opens a new window only through window.open, which setWindowOpenHandler denies (tested)',
  'OPEN_EXTERNAL_JS_CHECK main/desktop/start-desktop.ts':
    'openExternal gets only URLs the IPC handler checked to be http(s) (tested in desktop-wiring.test.ts)',
  'OPEN_EXTERNAL_JS_CHECK main/desktop/window-ipc.ts': 'same: the URL was checked to be http(s) before it gets here',
  'ELECTRON_VERSION_JSON_CHECK package.json':
    'informational: reports the Electron version in package.json; updates are a release task, not a test',
};

async function stage(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'preload'), { recursive: true });
  await mkdir(path.join(dir, 'renderer'));
  // The folders of the Electron processes: the desktop's main process (WindowIpc is where the
  // page's link requests reach openExternal) and the session host (a utilityProcess).
  for (const folder of ['main/desktop', 'main/session-host']) {
    await mkdir(path.join(dir, folder), { recursive: true });
    for (const name of await readdir(path.join(repo, folder))) {
      const isProduct = name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-support.ts');
      if (isProduct) await cp(path.join(repo, folder, name), path.join(dir, folder, name));
    }
  }
  for (const name of await readdir(path.join(repo, 'preload'))) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) await cp(path.join(repo, 'preload', name), path.join(dir, 'preload', name));
  }
  await cp(path.join(repo, 'renderer/index.html'), path.join(dir, 'renderer/index.html'));
  await cp(path.join(repo, 'package.json'), path.join(dir, 'package.json'));
}

interface SarifReport {
  runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
}

/** One finding per result: "CHECK_ID relative/path" (global checks carry no file). The report is
 * SARIF because the scanner writes its CSV header and rows with two unordered writes, so the
 * header sometimes lands on top of the first row. */
function findings(sarif: string, root: string): string[] {
  return (JSON.parse(sarif) as SarifReport).runs
    .flatMap((run) => run.results)
    .map(({ ruleId, locations }) => {
      const uri = locations[0]?.physicalLocation.artifactLocation.uri ?? '';
      return uri.startsWith('/') ? `${ruleId} ${path.relative(root, uri)}` : ruleId;
    });
}

describe('Electron security scan (electronegativity)', () => {
  it(
    'finds nothing beyond the listed false positives',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-scan-'));
      try {
        const root = path.join(dir, 'app');
        await stage(root);
        const report = path.join(dir, 'report.sarif');
        await promisify(execFile)(process.execPath, [scanner, '-i', root, '-o', report, '-v', 'false', '-x', ONLINE_CHECKS.join(',')], {
          env: { ...process.env, LANG: 'en-US' },
          timeout: SCAN_TIMEOUT_MS,
        });
        const found = [...new Set(findings(await readFile(report, 'utf8'), root))].sort();
        expect(found.length, 'the scanner ran and reported').toBeGreaterThan(0);
        expect(
          found.filter((finding) => !(finding in KNOWN_FINDINGS)),
          'new findings: fix them, or list them with a reason',
        ).toEqual([]);
        expect(
          Object.keys(KNOWN_FINDINGS).filter((known) => !found.includes(known)),
          'listed findings no longer reported: drop them from the list',
        ).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    SCAN_TIMEOUT_MS,
  );
});
