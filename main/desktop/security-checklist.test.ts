// Electron's security checklist (electronjs.org/docs/latest/tutorial/security), item by item, as
// tests of what this app actually sets: the window's options, the page's CSP, the custom
// protocol that replaces file://, and the fuses. A regression in any of them fails `npm test`
// (the scanner in build/electron-security-scan.test.ts cannot see through terminalWindowOptions).
// Items covered elsewhere: permission handler, navigation, window.open and webview denial
// (window-security.test.ts); IPC sender and shape checks (desktop-wiring.test.ts).
// Known exceptions, each with its reason, are in EXCEPTIONS below.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Protocol } from 'electron';
import { FuseV1Options } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, PAGE_CSP, registerAppScheme, serveAppFile, serveAppFiles } from './app-protocol';
import { isSameDocument } from './page-url';
import { terminalWindowOptions } from './window-security';

const repo = path.resolve(__dirname, '../..');

/** Checklist items this app knowingly does not follow, and why. */
export const EXCEPTIONS = {
  RunAsNode:
    'the reaper runs as process.execPath with ELECTRON_RUN_AS_NODE=1 so it survives the app (DESIGN §4); NODE_OPTIONS and --inspect are off',
  EnableEmbeddedAsarIntegrityValidation: 'macOS/Windows only and meaningful only with code signing, which this build does not do',
  styleUnsafeInline: "xterm.js injects <style> elements; scripts stay 'self' only",
} as const;

describe('Electron security checklist', () => {
  it('#2-#4, #6, #8-#10: no Node in the page, context isolation, sandbox, web security, no insecure content, no experimental features, no webview', () => {
    const { webPreferences = {} } = terminalWindowOptions({ preload: '/app/preload.js' });
    expect(webPreferences).toMatchObject({
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      contextIsolation: true,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(webPreferences.experimentalFeatures ?? false).toBe(false);
    expect(webPreferences.enableBlinkFeatures ?? '').toBe('');
    expect(webPreferences.partition ?? '', 'a partition would need its own protocol handler and permission policy').toBe('');
  });

  it('#7: the page has a strict CSP — the same in the meta tag and the protocol header', async () => {
    const html = await readFile(path.join(repo, 'renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    for (const policy of [meta ?? '', PAGE_CSP]) {
      const directives = new Map(
        policy
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name = '', ...values]) => [name, values]),
      );
      expect(directives.get('default-src')).toEqual(["'none'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('connect-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(policy).not.toMatch(/unsafe-eval|https?:|\*|wasm-unsafe-eval/);
      // the one exception, see EXCEPTIONS.styleUnsafeInline
      expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    }
    // every directive of the meta tag is in the header too (the header adds frame-ancestors, which a meta tag cannot carry)
    expect(PAGE_CSP.startsWith(meta ?? '-')).toBe(true);
  });

  describe('#18: a custom protocol instead of file://', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-protocol-'));
      await writeFile(path.join(dir, 'index.html'), '<!doctype html>page');
      await writeFile(path.join(dir, 'renderer.js'), 'code');
      await writeFile(path.join(dir, 'secret.txt'), 'not served');
      await writeFile(path.join(path.dirname(dir), `${path.basename(dir)}-sibling.js`), 'outside');
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
      await rm(path.join(path.dirname(dir), `${path.basename(dir)}-sibling.js`), { force: true });
    });

    it('registers ripcord: as a standard, secure scheme and nothing more (before ready)', () => {
      const registered: unknown[] = [];
      registerAppScheme({ registerSchemesAsPrivileged: (schemes) => registered.push(...schemes) });
      expect(registered).toEqual([{ scheme: 'ripcord', privileges: { standard: true, secure: true } }]);
      expect(APP_SCHEME_PRIVILEGES.privileges).not.toHaveProperty('bypassCSP');
    });

    it('the page URL is on that scheme, and only that document counts as our own page', () => {
      expect(APP_PAGE_URL).toBe('ripcord://app/index.html');
      expect(isSameDocument('ripcord://app/index.html?renderer=dom', APP_PAGE_URL)).toBe(true);
      expect(isSameDocument('file:///app/dist/renderer/index.html', APP_PAGE_URL)).toBe(false);
      expect(isSameDocument('ripcord://other/index.html', APP_PAGE_URL)).toBe(false);
    });

    it("the handler serves the renderer's own files with their type and the CSP header", async () => {
      let handler: ((request: Request) => Promise<Response> | Response) | undefined;
      const fake: Pick<Protocol, 'handle'> = {
        handle: (scheme, h) => {
          expect(scheme).toBe(APP_SCHEME);
          handler = h;
        },
      };
      serveAppFiles(fake, dir);
      const page = await handler?.(new Request('ripcord://app/index.html'));
      expect(page?.status).toBe(200);
      expect(page?.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page?.headers.get('content-security-policy')).toBe(PAGE_CSP);
      expect(await page?.text()).toBe('<!doctype html>page');
      expect(await (await serveAppFile(dir, 'ripcord://app/renderer.js')).text()).toBe('code');
    });

    it.each([
      ['a file of another type', 'ripcord://app/secret.txt'],
      ['a path out of the directory', 'ripcord://app/%2e%2e/%2e%2e/etc/passwd'],
      ['an encoded slash out of the directory', 'ripcord://app/..%2f..%2fetc%2fpasswd.js'],
      ['a sibling directory with the same prefix', 'ripcord://app/..%2fSIBLING'],
      ['another host', 'ripcord://evil/index.html'],
      ['a missing file', 'ripcord://app/nope.js'],
      ['a malformed escape', 'ripcord://app/%E0%A4%A.js'],
    ])('answers 404 for %s', async (_what, url) => {
      expect((await serveAppFile(dir, url.replace('SIBLING', `${path.basename(dir)}-sibling.js`))).status).toBe(404);
    });

    it('the desktop loads the page from that URL, never from file://', async () => {
      const main = await readFile(path.join(__dirname, 'desktop-main.ts'), 'utf8');
      const start = await readFile(path.join(__dirname, 'start-desktop.ts'), 'utf8');
      expect(start).toContain('window.loadURL(pageUrl)');
      expect(start).toContain('const pageUrl = APP_PAGE_URL');
      for (const source of [main, start]) expect(source).not.toMatch(/loadFile\(|pathToFileURL|file:\/\//);
      // the scheme is registered before 'ready', as Electron requires (start-desktop.test.ts runs the order)
      expect(start.indexOf('registerAppScheme(electron.protocol)')).toBeLessThan(start.indexOf('.whenReady()'));
    });
  });

  it('#19 fuses: Node options, inspect and file:// privileges off; app only from the asar; cookies encrypted', async () => {
    // a plain .mjs of the build: imported by path, it has no type declarations
    const afterPack = pathToFileURL(path.join(repo, 'build/after-pack.mjs')).href;
    const { RIPCORD_FUSES } = (await import(afterPack)) as { RIPCORD_FUSES: Record<number, boolean> };
    expect(RIPCORD_FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(RIPCORD_FUSES[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(RIPCORD_FUSES[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
    expect(RIPCORD_FUSES[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(RIPCORD_FUSES[FuseV1Options.EnableCookieEncryption]).toBe(true);
    // the listed exceptions, and nothing else left on by omission
    expect(RIPCORD_FUSES[FuseV1Options.RunAsNode], EXCEPTIONS.RunAsNode).toBe(true);
    expect(
      RIPCORD_FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
      EXCEPTIONS.EnableEmbeddedAsarIntegrityValidation,
    ).toBeUndefined();
  });
});
