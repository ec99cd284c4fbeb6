const CSI = '\x1b[';

/**
 * Entries we follow per screen. Terminals keep fewer (kitty 8) and evict the oldest on overflow,
 * so counting more than they hold only means popping more than needed, which empties the stack
 * as the protocol says; it merely bounds our memory against a program that pushes forever.
 */
const KITTY_MAX_DEPTH = 64;

/** `CSI = flags ; mode u` modes */
const SET_ALL = 1;
const SET_BITS = 2;
const CLEAR_BITS = 3;

type Screen = 'main' | 'alternate';

/** Pops everything, then zeroes the flags of whatever remains (terminals differ on the base entry). */
const resetWith = (pops: number): string => `${pops > 0 ? `${CSI}<${pops}u` : ''}${CSI}=0;${SET_ALL}u`;

/** One screen's stack: the flags under any push, plus the pushed entries. */
class FlagStack {
  base = 0;
  readonly pushed: number[] = [];

  get active(): boolean {
    return this.base !== 0 || this.pushed.length > 0;
  }

  clear(): void {
    this.base = 0;
    this.pushed.length = 0;
  }
}

/**
 * The kitty keyboard protocol's flag stacks, as far as a program's output tells them: `CSI > f u`
 * pushes, `CSI < n u` pops n, `CSI = f ; m u` changes the current flags. The main and the
 * alternate screen each keep their own stack; the alternate one lives only while that screen
 * is shown (we assume it starts empty, and it no longer applies once the main screen is back).
 */
export class KittyKeyboardStacks {
  private readonly main = new FlagStack();
  private readonly alternate = new FlagStack();
  private screen: Screen = 'main';

  get active(): boolean {
    return this.main.active || this.alternate.active;
  }

  push(flags: number): void {
    const stack = this.current;
    if (stack.pushed.length === KITTY_MAX_DEPTH) stack.pushed.shift();
    stack.pushed.push(flags);
  }

  pop(count: number): void {
    const stack = this.current;
    if (count >= stack.pushed.length)
      stack.clear(); // emptying the stack resets all flags
    else stack.pushed.length -= count;
  }

  set(flags: number, mode: number): void {
    const stack = this.current;
    const top = stack.pushed.length - 1;
    const now = top >= 0 ? (stack.pushed[top] ?? 0) : stack.base;
    const next = mode === SET_BITS ? now | flags : mode === CLEAR_BITS ? now & ~flags : mode === SET_ALL ? flags : now;
    if (top >= 0) stack.pushed[top] = next;
    else stack.base = next;
  }

  enterAlternateScreen(): void {
    this.screen = 'alternate';
  }

  leaveAlternateScreen(): void {
    this.alternate.clear();
    this.screen = 'main';
  }

  clear(): void {
    this.main.clear();
    this.alternate.clear();
    this.screen = 'main';
  }

  /** What turns the given screen's stack off; must be written while that screen is shown. */
  resetSequence(screen: Screen): string {
    const stack = screen === 'main' ? this.main : this.alternate;
    return stack.active ? resetWith(stack.pushed.length) : '';
  }

  private get current(): FlagStack {
    return this.screen === 'main' ? this.main : this.alternate;
  }
}

/** Kitty modifier bits (the wire value is 1 + bits). */
const MODIFIER_CTRL = 4;
/** Caps Lock and Num Lock are states, not keys held: Ctrl+C with either on is still Ctrl+C. */
const LOCK_MODIFIERS = 64 | 128;
/** Kitty event type of a press; absent means press too. Repeat (2) and release (3) are not presses. */
const PRESS_EVENT = '1';

/**
 * `CSI 99 [:shifted[:base]] ; modifiers [:event] [; text] u` (kitty keyboard protocol, the key
 * 'c') and `CSI 27 ; modifiers ; 99 ~` (xterm modifyOtherKeys).
 */
// eslint-disable-next-line no-control-regex
const KITTY_C = /\x1b\[99(?::\d*){0,2};(\d+)(?::(\d+))?(?:;[\d:]*)?u/y;
// eslint-disable-next-line no-control-regex
const MODIFY_OTHER_KEYS_C = /\x1b\[27;(\d+);99~/y;

function isCtrlOnly(wire: string): boolean {
  const bits = Number(wire) - 1;
  return bits >= 0 && (bits & ~LOCK_MODIFIERS) === MODIFIER_CTRL;
}

/**
 * Length of the Ctrl+C press encoded at `index` of `text`, or 0 when there is none: the plain
 * byte, or the encodings a program can switch the terminal to — the kitty keyboard protocol
 * (any combination of Caps Lock and Num Lock, press events only) and modifyOtherKeys.
 */
export function ctrlCPressAt(text: string, index: number): number {
  if (text.charCodeAt(index) === 0x03) return 1;
  if (!text.startsWith('\x1b[', index)) return 0;
  KITTY_C.lastIndex = index;
  const kitty = KITTY_C.exec(text);
  if (kitty) return isCtrlOnly(kitty[1] ?? '') && (kitty[2] === undefined || kitty[2] === PRESS_EVENT) ? kitty[0].length : 0;
  MODIFY_OTHER_KEYS_C.lastIndex = index;
  const other = MODIFY_OTHER_KEYS_C.exec(text);
  return other && isCtrlOnly(other[1] ?? '') ? other[0].length : 0;
}
