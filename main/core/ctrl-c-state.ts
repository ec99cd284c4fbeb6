import type { MonotonicClock } from './clock';

export type CtrlCPhase = 'idle' | 'cancel-requested' | 'exit-armed' | 'exit-requested';
export type PressOutcome = 'cancel' | 'exit' | 'ignored';

/** Presses closer than this to the last accepted one are key bounce or a double tap, not intent. */
export const DEFAULT_DEBOUNCE_MS = 200;
/** The double-press interval: a second press within this long after a cancel means "quit". */
export const DEFAULT_INTERVAL_MS = 1000;

export interface CtrlCStateOptions {
  clock: MonotonicClock;
  debounceMs?: number;
  /** the double-press interval (the setting `doublePressWindowMs`) */
  intervalMs?: number;
  /** An existing buffer (e.g. received by a worker thread) instead of a fresh one. */
  buffer?: SharedArrayBuffer;
}

// Phase codes live in the low 2 bits of the word; the order is part of the shared-buffer format.
const PHASES: readonly CtrlCPhase[] = ['idle', 'cancel-requested', 'exit-armed', 'exit-requested'];
const IDLE = 0n;
const CANCEL_REQUESTED = 1n;
const EXIT_ARMED = 2n;
const EXIT_REQUESTED = 3n;
const PHASE_BITS = 2n;
const PHASE_MASK = 3n;

const BYTES = BigInt64Array.BYTES_PER_ELEMENT;

function toMicros(ms: number): bigint {
  return BigInt(Math.round(ms * 1000));
}

function encode(phase: bigint, anchorUs: bigint): bigint {
  return (anchorUs << PHASE_BITS) | phase;
}

function phaseOf(word: bigint): bigint {
  return word & PHASE_MASK;
}

function anchorOf(word: bigint): bigint {
  // Arithmetic shift: BigInt64Array hands back signed values, so a negative anchor round-trips.
  return word >> PHASE_BITS;
}

function phaseName(word: bigint): CtrlCPhase {
  return PHASES[Number(phaseOf(word))] as CtrlCPhase;
}

/** The two press intervals, in µs, as one value: a press reads both from the same settings. */
interface PressTiming {
  readonly debounceUs: bigint;
  readonly intervalUs: bigint;
}

function pressTiming(debounceMs: number, intervalMs: number): PressTiming {
  if (!Number.isFinite(debounceMs) || debounceMs < 0) throw new RangeError(`debounceMs must be >= 0, got ${debounceMs}`);
  if (!Number.isFinite(intervalMs) || intervalMs < debounceMs) {
    throw new RangeError(`intervalMs must be >= debounceMs (${debounceMs}), got ${intervalMs}`);
  }
  return { debounceUs: toMicros(debounceMs), intervalUs: toMicros(intervalMs) };
}

/**
 * The Ctrl+C state machine of DESIGN §2: one 64-bit word (phase + anchor time in µs) that every
 * transition changes with a single compare-and-swap, so threads sharing the buffer never lose a
 * transition and no lock exists. Instances over the same buffer must use the same debounce and interval
 * (and get the same setTiming calls).
 */
export class CtrlCState {
  readonly buffer: SharedArrayBuffer;
  private readonly word: BigInt64Array;
  private readonly clock: MonotonicClock;
  /** the intervals of the double press under way (or of the last one) */
  private timing: PressTiming;
  /** edited intervals, taken up by the next press that starts a double press */
  private nextTiming: PressTiming | undefined;

  constructor(options: CtrlCStateOptions) {
    this.timing = pressTiming(options.debounceMs ?? DEFAULT_DEBOUNCE_MS, options.intervalMs ?? DEFAULT_INTERVAL_MS);
    if (options.buffer !== undefined && options.buffer.byteLength < BYTES) {
      throw new RangeError(`buffer must hold at least ${BYTES} bytes, got ${options.buffer.byteLength}`);
    }
    this.clock = options.clock;
    this.buffer = options.buffer ?? new SharedArrayBuffer(BYTES);
    this.word = new BigInt64Array(this.buffer, 0, 1);
  }

  get phase(): CtrlCPhase {
    return phaseName(Atomics.load(this.word, 0));
  }

  /**
   * New intervals (the settings file was edited). They apply from the next press that starts a
   * double press — a `cancel` — never to one under way: its second press is judged by the
   * interval its first press announced. Only this instance's own fields change, never the shared
   * word, so the machine stays one compare-and-swap per transition. Throws RangeError as the
   * constructor does.
   */
  setTiming(debounceMs: number, intervalMs: number): void {
    this.nextTiming = pressTiming(debounceMs, intervalMs);
  }

  register(now: number = this.clock()): PressOutcome {
    const nowUs = toMicros(now);
    for (;;) {
      const { debounceUs, intervalUs } = this.timing;
      const current = Atomics.load(this.word, 0);
      const phase = phaseOf(current);
      if (phase === EXIT_REQUESTED) return 'exit';
      // A press stamped before the anchor (a thread that read the clock, then lost the race)
      // has a negative delta and counts as too close: it must not start a new cancel.
      const delta = nowUs - anchorOf(current);
      let next: bigint;
      let outcome: PressOutcome;
      if (phase === IDLE || delta > intervalUs) {
        next = encode(CANCEL_REQUESTED, nowUs);
        outcome = 'cancel';
      } else if (phase === CANCEL_REQUESTED && delta < debounceUs) {
        // Ignored presses never move the anchor, so hammering still reaches the exit.
        return 'ignored';
      } else {
        next = encode(EXIT_REQUESTED, nowUs);
        outcome = 'exit';
      }
      if (Atomics.compareExchange(this.word, 0, current, next) === current) {
        if (outcome === 'cancel') this.takeUpNextTiming();
        return outcome;
      }
    }
  }

  markCancelHandled(): void {
    this.transition((word) => (phaseOf(word) === CANCEL_REQUESTED ? encode(EXIT_ARMED, anchorOf(word)) : undefined));
  }

  requestExit(): boolean {
    return this.transition((word) => (phaseOf(word) === EXIT_REQUESTED ? undefined : encode(EXIT_REQUESTED, anchorOf(word))));
  }

  reset(): void {
    this.transition((word) => {
      const phase = phaseOf(word);
      return phase === EXIT_REQUESTED || phase === IDLE ? undefined : encode(IDLE, 0n);
    });
  }

  checkCancellation(): { ok: true } | { ok: false; phase: CtrlCPhase } {
    const word = Atomics.load(this.word, 0);
    const phase = phaseOf(word);
    if (phase === CANCEL_REQUESTED || phase === EXIT_REQUESTED) return { ok: false, phase: phaseName(word) };
    return { ok: true };
  }

  /**
   * The time left, on this machine's clock, of the double-press interval a cancel opened (the
   * hint counts it down, DoublePressHint); 0 when no double press is under way.
   */
  hintRemainingMs(now: number = this.clock()): number {
    const word = Atomics.load(this.word, 0);
    const phase = phaseOf(word);
    if (phase !== CANCEL_REQUESTED && phase !== EXIT_ARMED) return 0;
    const remainingUs = anchorOf(word) + this.timing.intervalUs - toMicros(now);
    return remainingUs > 0n ? Number(remainingUs) / 1000 : 0;
  }

  private takeUpNextTiming(): void {
    if (this.nextTiming === undefined) return;
    this.timing = this.nextTiming;
    this.nextTiming = undefined;
  }

  /** One CAS retry loop; `next` returns undefined when the transition does not apply. */
  private transition(next: (word: bigint) => bigint | undefined): boolean {
    for (;;) {
      const current = Atomics.load(this.word, 0);
      const target = next(current);
      if (target === undefined) return false;
      if (Atomics.compareExchange(this.word, 0, current, target) === current) return true;
    }
  }
}
