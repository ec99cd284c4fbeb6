// The page is served from a custom scheme, ripcord://app/…, instead of file:// (Electron
// security checklist: "use a custom protocol instead of file://"). A file:// page may read
// other file:// URLs; with the page off file:// the GrantFileProtocolExtraPrivileges fuse is
// turned off (build/after-pack.mjs) and file:// gets nothing extra. The handler serves only
// the files of the renderer's own directory, nothing above it.
// Tested with fakes in security-checklist.test.ts, and in a real Electron by e2e/electron
// (skipped where no Electron binary exists).
import type { CustomScheme, Protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const APP_SCHEME = 'ripcord';
const APP_HOST = 'app';
/** The page's own URL: what the window loads and what IPC and permissions accept. */
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * standard: relative URLs (renderer.js, renderer.css) resolve as on http; secure: the page is a
 * secure context (the Clipboard API needs one). Nothing else: no CSP bypass, no service
 * workers, no fetch from the page (connect-src 'none' anyway).
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = { scheme: APP_SCHEME, privileges: { standard: true, secure: true } };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Sent with every response as well as the page's meta tag (renderer/index.html); the stricter of the two applies. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Before app 'ready' (Electron allows it only then, and only once). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

/** The answer to one request: a file of `rendererDir`, or 404 for anything else. */
export async function serveAppFile(rendererDir: string, url: string): Promise<Response> {
  const notFound = (): Response => new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return notFound();
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return notFound();
  // URL parsing already removed dot segments; decoding could bring back "..", so check the result.
  let relative: string;
  try {
    relative = decodeURIComponent(parsed.pathname).replace(/^\/+/, '');
  } catch {
    return notFound();
  }
  const file = path.resolve(rendererDir, relative);
  const type = CONTENT_TYPES[path.extname(file)];
  if (!file.startsWith(`${path.resolve(rendererDir)}${path.sep}`) || type === undefined) return notFound();
  try {
    return new Response(await readFile(file), { status: 200, headers: { 'content-type': type, 'content-security-policy': PAGE_CSP } });
  } catch {
    return notFound();
  }
}

/** After app 'ready': answers ripcord://app/… from the renderer's directory. */
export function serveAppFiles(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppFile(rendererDir, request.url));
}
