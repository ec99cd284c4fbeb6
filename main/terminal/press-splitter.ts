import { CTRL_C } from '../core/control-chars';
import { ctrlCPressAt } from '../core/kitty-keyboard';

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/**
 * Cuts terminal input so that every Ctrl+C press is a chunk of its own, `\x03` (DESIGN §3:
 * a press is an input chunk that is exactly `\x03`). A read from the terminal can hold more
 * than one key, or a key and the terminal's reply to a query the child sent; the press must
 * not hide inside it. Every encoding of the key counts (ctrlCPressAt): a child that switches the
 * outer terminal to the kitty protocol or modifyOtherKeys must not take the way out with it.
 * Text inside a bracketed paste is passed on whole: it was not typed.
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
      const press = this.inPaste ? 0 : ctrlCPressAt(chunk, index);
      if (press === 0) {
        index++;
        continue;
      }
      if (index > start) pieces.push(chunk.slice(start, index));
      pieces.push(CTRL_C);
      index += press;
      start = index;
    }
    if (start < chunk.length) pieces.push(chunk.slice(start));
    return pieces;
  }
}
