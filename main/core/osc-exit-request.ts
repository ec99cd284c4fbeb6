// The output side of shell integration (docs/shell-integration.md): the root shell's OSC 133
// marks tell whether it is at its prompt, and its exit hook asks ripcord to quit with a private
// OSC carrying the session's secret. Both carry the secret (as VS Code's marks carry a nonce),
// so a mark any other process prints does not move ripcord's idea of the prompt. The request
// never reaches the screen, whoever printed it; nor does the secret of a mark.
import { BEL, ESC, ST } from './control-chars';

/** Private OSC number of the exit request: `ESC ] 7701 ; exit ; <secret> BEL` (or ST). */
export const EXIT_REQUEST_OSC = 7701;
const REQUEST_PREFIX = `${EXIT_REQUEST_OSC};`;
const REQUEST_VERB = 'exit;';
/** Longer than any request or mark ripcord's scripts send; a longer body is neither and is shown. */
const REQUEST_MAX_CHARS = 512;
const MARK_PREFIX = '133;';
/**
 * The mark ripcord's scripts print as the last thing of a prompt (scripts/ripcord.*, in each
 * shell's PS1 or prompt function): the shell now waits for input. It carries no secret, so any
 * program can print it; it only ever ends a wait early (OutputBatch.answerComplete).
 */
export const PROMPT_END_MARK = `${ESC}]${MARK_PREFIX}B${BEL}`;
/** The mark's parameter that carries the session's secret: `133;A;nonce=<secret>` */
const NONCE_PARAM = 'nonce=';

/** What ends or aborts an OSC body: BEL, ESC (of ST or a new sequence), CAN, SUB. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const OSC_END = /[\x07\x1b\x18\x1a]/g;

/** Where the root shell is, as its own OSC 133 marks say. */
export type ShellPhase = 'starting' | 'prompt' | 'running';

type State = 'ground' | 'escape' | 'osc' | 'osc-escape';

export interface FilteredOutput {
  /** the output without exit requests */
  data: string;
  /** a request with the right secret arrived while the shell was at its prompt */
  exitRequested: boolean;
}

/**
 * Scans the session's output for OSC sequences, across chunk boundaries. Exit requests
 * (`OSC 7701`) are removed — text that may still become one, or a mark, is held until the next
 * bytes tell — and honoured only with the session's secret while the shell's last mark with the
 * secret was a prompt mark (133 A or B: the hook asks after the command line was read and before
 * the 133 C that starts the command). A mark with the secret goes on without it; every other byte
 * passes unchanged and in order.
 */
export class ShellOutputFilter {
  private state: State = 'ground';
  /** the OSC body read so far (only as much as deciding needs) */
  private body = '';
  /** the current sequence may still be a request: its text is held, not shown */
  private candidate = false;
  private held = '';
  private shellPhase: ShellPhase = 'starting';

  constructor(private readonly secret: string) {}

  get phase(): ShellPhase {
    return this.shellPhase;
  }

  filter(chunk: string): FilteredOutput {
    let out = '';
    let exitRequested = false;
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'ground') {
        const next = chunk.indexOf(ESC, i);
        if (next === -1) {
          out += chunk.slice(i);
          break;
        }
        out += chunk.slice(i, next);
        this.state = 'escape';
        this.candidate = true;
        this.held = ESC;
        i = next + 1;
        continue;
      }
      if (this.state === 'osc' && !this.candidate) {
        // not ours: pass the body on in one piece
        OSC_END.lastIndex = i;
        const end = OSC_END.exec(chunk)?.index ?? chunk.length;
        out += chunk.slice(i, end);
        i = end;
        if (i === chunk.length) break;
      }
      const ch = chunk.charAt(i);
      i++;
      if (this.state === 'escape') {
        if (ch === ']') {
          this.state = 'osc';
          this.body = '';
          this.held += ch;
        } else {
          out += this.release();
          this.state = 'ground';
          i--; // the byte after ESC is ordinary output (or a new ESC): the ground scan takes it
        }
        continue;
      }
      if (this.state === 'osc-escape') {
        if (ch === '\\') {
          out += this.emit(ch);
          const ended = this.endOsc();
          out += ended.shown;
          exitRequested ||= ended.requested;
        } else {
          // ESC that is not ST aborts the OSC; what follows is a new sequence, passed as it is
          out += this.release();
          this.state = 'ground';
          i--;
        }
        continue;
      }
      // state 'osc'
      if (ch === BEL) {
        out += this.emit(ch);
        const ended = this.endOsc();
        out += ended.shown;
        exitRequested ||= ended.requested;
      } else if (ch === ESC) {
        out += this.emit(ch);
        this.state = 'osc-escape';
      } else if (ch === '\x18' || ch === '\x1a') {
        // CAN / SUB abort the sequence
        out += this.emit(ch) + this.release();
        this.state = 'ground';
      } else {
        out += this.emit(ch);
        this.body += ch;
        if (this.candidate && !couldBeOurs(this.body)) out += this.release();
      }
    }
    return { data: out, exitRequested };
  }

  /** A byte of the current sequence: held while it may be a request, else shown. */
  private emit(ch: string): string {
    if (!this.candidate) return ch;
    this.held += ch;
    return '';
  }

  /** The held text is not a request after all: it goes out as it came. */
  private release(): string {
    const held = this.held;
    this.held = '';
    this.candidate = false;
    return held;
  }

  /** An OSC ended (BEL or ST): a request is dropped and checked, a mark moves the phase. */
  private endOsc(): { shown: string; requested: boolean } {
    this.state = 'ground';
    const body = this.body;
    this.body = '';
    if (this.candidate && body.startsWith(REQUEST_PREFIX)) {
      this.held = '';
      this.candidate = false;
      const requested =
        this.shellPhase === 'prompt' && this.secret !== '' && sameText(body.slice(REQUEST_PREFIX.length), REQUEST_VERB + this.secret);
      return { shown: '', requested };
    }
    const mark = this.candidate ? withoutSecret(body, this.secret) : undefined;
    if (mark === undefined) return { shown: this.release(), requested: false };
    const terminator = this.held.endsWith(BEL) ? BEL : ST;
    this.held = '';
    this.candidate = false;
    this.readMark(mark);
    return { shown: `${ESC}]${mark}${terminator}`, requested: false };
  }

  private readMark(mark: string): void {
    const kind = mark.charAt(MARK_PREFIX.length);
    if (kind === 'A' || kind === 'B') this.shellPhase = 'prompt';
    else if (kind === 'C' || kind === 'D') this.shellPhase = 'running';
  }
}

function couldBeOurs(body: string): boolean {
  if (body.length > REQUEST_MAX_CHARS) return false;
  return [REQUEST_PREFIX, MARK_PREFIX].some((prefix) => (body.length <= prefix.length ? prefix.startsWith(body) : body.startsWith(prefix)));
}

/** A 133 mark's body without its `nonce=` parameter, when that is the session's secret; else undefined. */
function withoutSecret(body: string, secret: string): string | undefined {
  if (!body.startsWith(MARK_PREFIX)) return undefined;
  const params = body.split(';');
  const nonce = params.findIndex((param) => param.startsWith(NONCE_PARAM));
  if (nonce === -1 || !sameText(params[nonce]?.slice(NONCE_PARAM.length) ?? '', secret)) return undefined;
  params.splice(nonce, 1);
  return params.join(';');
}

/** Compares in time independent of where the texts differ; an empty secret never matches. */
function sameText(given: string, expected: string): boolean {
  if (given.length !== expected.length || expected === '') return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}
