/** The URL path of a page, without query or fragment (the renderer reads options from the query). */
export function isSameDocument(url: string, expected: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(expected);
    return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
  } catch {
    return false;
  }
}
