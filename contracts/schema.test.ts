import { describe, expect, it } from 'vitest';
import { boolean, count, guard, literal, number, object, optional, record, result, string, union, type Infer } from './schema';

describe('schema combinators', () => {
  it('string, boolean, count and number accept their kind and name the field otherwise', () => {
    expect(string().check('x', 'a.b')).toEqual({ ok: true, value: 'x' });
    expect(string().check(1, 'a.b')).toEqual({ ok: false, error: 'a.b: expected a string, got 1' });
    expect(boolean().check(false)).toEqual({ ok: true, value: false });
    expect(boolean().check('true', 'on')).toEqual({ ok: false, error: 'on: expected true or false, got "true"' });
    expect(count().check(3)).toEqual({ ok: true, value: 3 });
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53, '3']) expect(count().check(bad, 'n').ok).toBe(false);
    expect(number(0).check(0.5)).toEqual({ ok: true, value: 0.5 });
    expect(number(0).check(-0.5, 'ms')).toEqual({ ok: false, error: 'ms: expected a number from 0, got -0.5' });
    expect(number().check(Number.POSITIVE_INFINITY, 'x').ok).toBe(false);
  });

  it('literal accepts only its values; guard only what its predicate passes', () => {
    expect(literal('a', 'b').check('b')).toEqual({ ok: true, value: 'b' });
    expect(literal('a', 'b').check('c', 'level')).toEqual({ ok: false, error: 'level: expected one of "a", "b", got "c"' });
    const even = guard('an even number', (value: unknown): value is number => typeof value === 'number' && value % 2 === 0);
    expect(even.check(4)).toEqual({ ok: true, value: 4 });
    expect(even.check(3, 'x')).toEqual({ ok: false, error: 'x: expected an even number, got 3' });
  });

  it('object checks each field by its path, keeps optional ones out when absent and drops undeclared ones', () => {
    const shape = object({ name: string(), size: object({ cols: count() }), note: optional(string()) });
    const value: Infer<typeof shape> = { name: 'a', size: { cols: 1 } };
    expect(shape.check({ ...value, extra: 'dropped' })).toEqual({ ok: true, value });
    expect(shape.check({ name: 'a', size: { cols: 1 }, note: 'n' })).toEqual({
      ok: true,
      value: { name: 'a', size: { cols: 1 }, note: 'n' },
    });
    expect(shape.check({ name: 'a', size: { cols: 'x' } }, 'start')).toEqual({
      ok: false,
      error: 'start.size.cols: expected a whole number from 0, got "x"',
    });
    expect(shape.check({ name: 'a', size: { cols: 1 }, note: 5 })).toEqual({ ok: false, error: 'note: expected a string, got 5' });
    expect(shape.check([], 'm')).toEqual({ ok: false, error: 'm: expected an object, got an array' });
    expect(shape.check(null)).toEqual({ ok: false, error: 'the message: expected an object, got null' });
    // a field on the prototype is no field of the message
    expect(shape.check(Object.create({ name: 'a', size: { cols: 1 } }) as unknown).ok).toBe(false);
  });

  it('record checks every key and every value', () => {
    const tabs = record(
      guard('a digit', (value: unknown): value is string => typeof value === 'string' && /^[0-9]$/.test(value)),
      count(),
    );
    expect(tabs.check({ 1: 2, 3: 4 })).toEqual({ ok: true, value: { 1: 2, 3: 4 } });
    expect(tabs.check({ x: 2 }, 'tabs')).toEqual({ ok: false, error: 'tabs.(key): expected a digit, got "x"' });
    expect(tabs.check({ 1: -2 }, 'tabs')).toEqual({ ok: false, error: 'tabs.1: expected a whole number from 0, got -2' });
  });

  it('union picks the variant by its tag and checks that variant', () => {
    const trigger = union('kind', { 'ctrl-c': object({ press: optional(count()) }), 'exit-command': object({ line: string() }) });
    const typed: Array<Infer<typeof trigger>> = [{ kind: 'ctrl-c' }, { kind: 'exit-command', line: 'exit' }];
    for (const value of typed) expect(trigger.check(value)).toEqual({ ok: true, value });
    expect(trigger.check({ kind: 'exit-command' }, 't')).toEqual({ ok: false, error: 't.line: expected a string, got nothing' });
    expect(trigger.check({ kind: 'toString' }, 't')).toEqual({
      ok: false,
      error: 't.kind: expected one of "ctrl-c", "exit-command", got "toString"',
    });
    expect(trigger.check('ctrl-c', 't')).toEqual({ ok: false, error: 't: expected an object, got "ctrl-c"' });
  });

  it('result takes a Result<T> with its value checked', () => {
    const answer = result(count());
    expect(answer.check({ ok: true, value: 1 })).toEqual({ ok: true, value: { ok: true, value: 1 } });
    expect(answer.check({ ok: false, error: 'no' })).toEqual({ ok: true, value: { ok: false, error: 'no' } });
    expect(answer.check({ ok: true, value: -1 }, 'r')).toEqual({ ok: false, error: 'r.value: expected a whole number from 0, got -1' });
    expect(answer.check({ ok: 'yes' }, 'r')).toEqual({ ok: false, error: 'r.ok: expected true or false, got "yes"' });
    expect(answer.check({ ok: false }, 'r')).toEqual({ ok: false, error: 'r.error: expected a string, got nothing' });
  });

  it('shows a long value shortened in its error', () => {
    const checked = count().check('x'.repeat(10_000), 'n');
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error.length).toBeLessThan(100);
  });
});
