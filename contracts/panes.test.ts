import { describe, expect, it } from 'vitest';
import { parsePaneAction } from './panes';

describe('pane actions from the page', () => {
  it("passes the palette's run-action with an action id (main looks it up in its table)", () => {
    expect(parsePaneAction({ kind: 'run-action', action: 'newTab' })).toEqual({
      ok: true,
      value: { kind: 'run-action', action: 'newTab' },
    });
  });

  it.each([
    [{ kind: 'run-action' }],
    [{ kind: 'run-action', action: 7 }],
    [{ kind: 'run-action', action: 'new tab; rm' }],
    [{ kind: 'run-action', action: 'x'.repeat(41) }],
  ])('refuses %j', (value) => {
    expect(parsePaneAction(value)).toEqual({ ok: false, error: 'run-action: bad action' });
  });
});
