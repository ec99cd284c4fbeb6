import { describe, expect, it } from 'vitest';
import { sandboxNotice } from './sandbox-notice';

function recorder() {
  const warned: string[] = [];
  return { warned, log: { warn: (name: string) => void warned.push(name) } };
}

describe('the sandbox notice', () => {
  it('--no-sandbox given: logged, and one line for the window', () => {
    const { warned, log } = recorder();
    expect(sandboxNotice({ hasSwitch: (name) => name === 'no-sandbox' }, log)).toEqual([
      "Chromium's sandbox is off: ripcord was started with --no-sandbox. Start it without to have the sandbox back.",
    ]);
    expect(warned).toEqual(['app.no-sandbox']);
  });

  it('without it: nothing', () => {
    const { warned, log } = recorder();
    expect(sandboxNotice({ hasSwitch: () => false }, log)).toEqual([]);
    expect(warned).toEqual([]);
  });
});
