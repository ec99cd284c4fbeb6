import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** The files of the page's directory (dist/harness-renderer) it loads; nothing else on disk is reachable. */
const STATIC_FILES: Record<string, string> = {
  '/renderer.js': 'text/javascript; charset=utf-8',
  '/renderer.css': 'text/css; charset=utf-8',
  '/renderer.js.map': 'application/json',
  '/renderer.css.map': 'application/json',
};

/** The page script (browser-api.ts), bundled beside the harness that serves it (build/bundle-test.mjs). */
export const HARNESS_PAGE_SCRIPT = 'harness-api.js';
/** The shipped preload (dist/preload.js), served wrapped (preloadScript) after the page script. */
export const PRELOAD_SCRIPT = 'preload.js';

/**
 * The built preload as the page runs it: in a function whose `require` the page script gives
 * (browser-api.ts: 'electron' only), as Electron runs a sandboxed preload in a wrapper with a
 * restricted require. The first line is the file's own, so its source map still lines up.
 */
export function preloadScript(built: string): string {
  return `window.__ripcordRunPreload(function (exports, require, module) {${built}\n});\n`;
}

/**
 * The real renderer page with two harness changes: its CSP also allows the harness's own origin
 * (POST /key) and WebSockets (and nothing else), and the harness's electron shim and the preload load before renderer.js.
 */
export function harnessIndexHtml(original: string, ports: readonly number[]): string {
  const csp = original.replace("connect-src 'none'", `connect-src 'self' ${ports.map((port) => `ws://127.0.0.1:${port}`).join(' ')}`);
  const page = csp.replace(
    '<script src="renderer.js"></script>',
    `<script src="${HARNESS_PAGE_SCRIPT}"></script>\n    <script src="${PRELOAD_SCRIPT}"></script>\n    <script src="renderer.js"></script>`,
  );
  if (csp === original || page === csp)
    throw new Error('renderer/index.html changed: no "connect-src \'none\'" or no renderer.js script tag to patch');
  return page;
}

export class HarnessPages {
  private constructor(
    private readonly rendererDir: string,
    private readonly indexHtml: string,
    private readonly pageScript: Buffer,
    private readonly preload: string,
  ) {}

  /**
   * `pageScript`: the bundled harness-api.js; `preload`: the built dist/preload.js; `ports`: the
   * WebSockets the page may connect to (the harness's, the session host's).
   */
  static async load(rendererDir: string, ports: readonly number[], pageScript: string, preload: string): Promise<HarnessPages> {
    const [original, script, built] = await Promise.all([
      readFile(path.join(rendererDir, 'index.html'), 'utf8'),
      readFile(pageScript),
      readFile(preload, 'utf8'),
    ]);
    return new HarnessPages(rendererDir, harnessIndexHtml(original, ports), script, preloadScript(built));
  }

  /** Answers GET requests for the page; false when the path is not one of its files. */
  async serve(pathname: string, res: ServerResponse): Promise<boolean> {
    if (pathname === '/' || pathname === '/index.html') {
      send(res, 200, 'text/html; charset=utf-8', this.indexHtml);
    } else if (pathname === `/${HARNESS_PAGE_SCRIPT}`) {
      send(res, 200, 'text/javascript; charset=utf-8', this.pageScript);
    } else if (pathname === `/${PRELOAD_SCRIPT}`) {
      send(res, 200, 'text/javascript; charset=utf-8', this.preload);
    } else if (Object.hasOwn(STATIC_FILES, pathname)) {
      try {
        const body = await readFile(path.join(this.rendererDir, pathname.slice(1)));
        send(res, 200, STATIC_FILES[pathname] as string, body);
      } catch {
        send(res, 404, 'text/plain', 'not built\n');
      }
    } else {
      return false;
    }
    return true;
  }
}

export function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

export function requestUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', 'http://127.0.0.1');
}
