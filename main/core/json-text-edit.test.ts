import { describe, expect, it } from 'vitest';
import { editTopLevelKey } from './json-text-edit';

const FILE = `{
  "$schema": "./config.schema.json",
  "fontSize": 14,
  "myNote": { "kept": ["as", "is"] },
  "theme": {"background": "#000"}
}
`;

describe('editTopLevelKey', () => {
  it('replaces one value and keeps every other byte', () => {
    const edited = editTopLevelKey(FILE, 'fontSize', 18);
    expect(edited).toEqual({ ok: true, value: FILE.replace('"fontSize": 14', '"fontSize": 18') });
  });

  it('adds a key after the last, in its indentation; a long object over lines under it', () => {
    const added = editTopLevelKey(FILE, 'copyOnSelect', true);
    expect(added).toEqual({ ok: true, value: FILE.replace('"#000"}\n}', '"#000"},\n  "copyOnSelect": true\n}') });
    const long = { one: 'a long value for a variable', two: 'another long value for another' };
    const env = editTopLevelKey(FILE, 'env', long);
    expect(env.ok && JSON.parse(env.value).env).toEqual(long);
    expect(env.ok && env.value).toContain('\n  "env": {\n    "one"');
  });

  it('removes a key with its comma, wherever it stands; an empty object gets its first key', () => {
    for (const key of ['$schema', 'myNote', 'theme']) {
      const removed = editTopLevelKey(FILE, key, undefined);
      const expected = JSON.parse(FILE) as Record<string, unknown>;
      delete expected[key];
      expect(removed.ok && JSON.parse(removed.value)).toEqual(expected);
    }
    expect(editTopLevelKey('{}', 'fontSize', 12)).toEqual({ ok: true, value: '{\n  "fontSize": 12\n}' });
    expect(editTopLevelKey('{"a": 1}', 'a', undefined)).toEqual({ ok: true, value: '{}' });
  });

  it('reads strings with braces, quotes and escapes inside, and a one-line file stays one line', () => {
    const text = '{"a": "}{\\"", "b": [1, {"c": "]"}], "d": null}';
    expect(editTopLevelKey(text, 'b', 2)).toEqual({ ok: true, value: '{"a": "}{\\"", "b": 2, "d": null}' });
    expect(editTopLevelKey(text, 'e', 'x')).toEqual({ ok: true, value: '{"a": "}{\\"", "b": [1, {"c": "]"}], "d": null, "e": "x"}' });
  });

  it('refuses what is not one object', () => {
    expect(editTopLevelKey('[1]', 'a', 1).ok).toBe(false);
  });
});
