import { afterEach, describe, expect, it } from 'vitest';
import type { Disposable } from '../../core/disposable';
import { Emitter } from '../../core/emitter';
import { LogEvent } from '../../core/log-events';
import { logUnexpectedErrors } from './unexpected-errors';

let handler: Disposable | undefined;
afterEach(() => handler?.dispose());

describe('logUnexpectedErrors', () => {
  it("logs a listener's error as an error event with its stack, and the firing code goes on", () => {
    const errors: { name: string; fields: Record<string, unknown> | undefined }[] = [];
    handler = logUnexpectedErrors({ error: (name, fields) => errors.push({ name, fields }) });
    const emitter = new Emitter<void>();
    emitter.event(() => {
      throw new Error('listener failed');
    });
    emitter.fire();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.name).toBe(LogEvent.unexpectedError);
    expect(String(errors[0]?.fields?.error)).toMatch(/^Error: listener failed\n\s+at /);
  });
});
