import { CTRL_C } from '../core/control-chars';

/**
 * What a Ctrl+C key sends: the plain byte, and the encodings a child can switch the outer
 * terminal to — the kitty keyboard protocol (press event, with or without the event type)
 * and xterm's modifyOtherKeys. A child that turns those on must not take the way out with it.
 */
const PRESS_ENCODINGS = [CTRL_C, '\x1b[99;5u', '\x1b[99;5:1u', '\x1b[27;5;99~'];
const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/**
 * Cuts terminal input so that every Ctrl+C press is a chunk of its own, `\x03` (DESIGN §3:
 * a press is an input chunk that is exactly `\x03`). A read from the terminal can hold more
 * than one key, or a key and the terminal's reply to a query the child sent; the press must
 * not hide inside it. Text inside a bracketed paste is passed on whole: it was not typed.
 */
export class PressSplitter {
  private inPaste = false;

  split(chunk: string): string[] {
    const pieces: string[] = [];
    let start = 0;
    let index = 0;
    while (index < chunk.length) {
      const marker = this.inPaste ? PASTE_END : PASTE_START;
      if (chunk.startsWith(marker, index)) {
        this.inPaste = !this.inPaste;
        index += marker.length;
        continue;
      }
      const press = this.inPaste ? undefined : PRESS_ENCODINGS.find((encoding) => chunk.startsWith(encoding, index));
      if (press === undefined) {
        index++;
        continue;
      }
      if (index > start) pieces.push(chunk.slice(start, index));
      pieces.push(CTRL_C);
      index += press.length;
      start = index;
    }
    if (start < chunk.length) pieces.push(chunk.slice(start));
    return pieces;
  }
}
