import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Emitter } from '../core/emitter';
import { PROMPT_END_MARK } from '../core/osc-exit-request';
import { silentLogger } from '../platform/log/log';
import type { Session } from '../platform/pty/session';
import { OutputPipeline } from './output-pipeline';

/** The pty's side of the pipeline: what it prints, and whether it is read. */
function printingSession(): { session: Session; print: (data: string) => void } {
  const data = new Emitter<string>();
  const session = { onData: data.event, pause: () => undefined, resume: () => undefined } as unknown as Session;
  return { session, print: (text) => data.fire(text) };
}

describe('OutputPipeline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function cancelled(): { shown: string[]; print: (data: string) => void } {
    const { session, print } = printingSession();
    const pipeline = new OutputPipeline(session, {
      log: silentLogger,
      integration: undefined,
      exitRequested: () => undefined,
      shown: () => undefined,
    });
    const shown: string[] = [];
    pipeline.onOutput((data) => shown.push(data));
    pipeline.holdForCut();
    pipeline.interruptInPty();
    print('y\r\ny\r\n');
    return { shown, print };
  }

  it("after a cut, sends the answer the moment the shell's prompt ends (its end mark), not after the pty's quiet", () => {
    const { shown, print } = cancelled();
    print(`^C\r\nbench$ ${PROMPT_END_MARK}`);
    expect(shown).toEqual([`^C\r\nbench$ ${PROMPT_END_MARK}`]);
  });

  it('without the mark (no shell integration), gathers the answer until the pty is quiet', () => {
    const { shown, print } = cancelled();
    print('^C\r\nbench$ ');
    expect(shown).toEqual([]);
    vi.runAllTimers();
    expect(shown).toEqual(['^C\r\nbench$ ']);
  });
});
