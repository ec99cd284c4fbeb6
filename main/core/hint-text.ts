// What a second Ctrl+C ends, in the words the window's hint (renderer/hint-overlay.ts) and
// `ripcord run`'s title share (DESIGN §3 "The hint"): the app or this pane, and what runs by name.

/** The program holding the terminal and how many other processes the session has. */
export interface SecondPressEnds {
  program: string;
  others: number;
}

/** "quits ripcord — node and 2 other processes end too", "closes this pane — …", or "quits" when nothing is known by name. */
export function secondPressEnds(closes: 'pane' | 'app', what?: SecondPressEnds): string {
  const ends = closes === 'pane' ? 'closes this pane' : what ? 'quits ripcord' : 'quits';
  if (what === undefined) return ends;
  const others = what.others === 0 ? ' ends' : ` and ${what.others} other process${what.others === 1 ? '' : 'es'} end`;
  return `${ends} — ${what.program}${others} too`;
}

/** The hint without its countdown: `ripcord run`'s window title while a double press is under way. */
export function hintTitle(what?: SecondPressEnds): string {
  return what === undefined ? 'Press Ctrl+C again to quit' : `Ctrl+C again ${secondPressEnds('app', what)}`;
}
