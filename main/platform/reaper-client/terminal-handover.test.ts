import { describe, expect, it } from 'vitest';
import type { TerminalCommand } from '../../../contracts/reaper-pipe';
import { TerminalHandover } from './terminal-handover';

function recorded() {
  const sent: TerminalCommand[] = [];
  return { sent, handover: new TerminalHandover((command) => sent.push(command)) };
}
const terminal: TerminalCommand = { kind: 'terminal', path: '/dev/pts/3', rdev: 34819, termios: 'saved' };

describe('what the reaper is told of the outer terminal', () => {
  it('nothing before the Node reaper took over (the sh stub never gets the terminal); then all of it, once', () => {
    const { sent, handover } = recorded();
    handover.keep(terminal);
    handover.restoreBytes('\x1b[?1049l');
    expect(sent).toEqual([]);
    handover.deliver();
    expect(sent).toEqual([terminal, { kind: 'terminal-restore', bytes: '\x1b[?1049l' }]);
  });

  it('after the takeover: the terminal when known, restore bytes only when they change', () => {
    const { sent, handover } = recorded();
    handover.deliver();
    handover.restoreBytes('a');
    expect(sent).toEqual([]);
    handover.keep(terminal);
    handover.restoreBytes('a');
    handover.restoreBytes('b');
    expect(sent).toEqual([terminal, { kind: 'terminal-restore', bytes: 'a' }, { kind: 'terminal-restore', bytes: 'b' }]);
  });

  it("a replacement reaper gets everything again; after the host's own restore, nothing more", () => {
    const { sent, handover } = recorded();
    handover.keep(terminal);
    handover.restoreBytes('a');
    handover.deliver();
    handover.deliver();
    expect(sent).toHaveLength(4);
    handover.done();
    handover.done();
    handover.deliver();
    handover.keep(terminal);
    expect(sent.slice(4)).toEqual([{ kind: 'terminal-done' }]);
  });
});
