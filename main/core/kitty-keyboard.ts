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
    if (count >= stack.pushed.length) stack.clear(); // emptying the stack resets all flags
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
