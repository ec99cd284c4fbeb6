import { describe, expect, it } from 'vitest';
import { linkTarget, opensLink } from './link-preview';

describe('links', () => {
  it('only Ctrl+click opens (Cmd+click on macOS)', () => {
    expect(opensLink({ ctrlKey: false, metaKey: false }, false)).toBe(false);
    expect(opensLink({ ctrlKey: true, metaKey: false }, false)).toBe(true);
    expect(opensLink({ ctrlKey: false, metaKey: true }, false)).toBe(false);
    expect(opensLink({ ctrlKey: false, metaKey: true }, true)).toBe(true);
    expect(opensLink({ ctrlKey: true, metaKey: false }, true)).toBe(false);
  });

  it('the target shown is the one opened, controls and bidi characters percent-encoded, look-alike hosts in punycode', () => {
    expect(linkTarget('https://example.com/a b\u202e')).toBe('https://example.com/a%20b%E2%80%AE');
    expect(linkTarget('https://exаmple.com/')).toBe('https://xn--exmple-4nf.com/');
    expect(linkTarget('file:///etc/passwd')).toBeUndefined();
    expect(linkTarget('javascript:alert(1)')).toBeUndefined();
  });
});
