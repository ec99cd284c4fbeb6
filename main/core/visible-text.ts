/**
 * Control characters that must never reach a terminal (or a log reader's terminal) from text
 * ripcord did not write itself: C0 (line breaks included: a message stays one line), DEL, C1
 * (a lone 0x9b is CSI on some terminals), and the Unicode bidi/line controls that can make a
 * message read differently from what it says ("trojan source").
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function visibleEscape(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Outside text (config keys and values, parse errors, program names, paths, error messages) as
 * it may appear in ripcord's own messages: every control character made visible as `\xNN` /
 * `\uNNNN`, so `{"\u001b]0;PWNED\u0007":1}` shows as `\x1b]0;PWNED\x07` instead of retitling
 * the terminal. A backslash stays as it is: the message is for reading, not for parsing back.
 */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, visibleEscape);
}

/** visibleText for multi-line text (a stack trace): line breaks stay, every other control shows. */
export function visibleLines(text: string): string {
  return text.split(/\r?\n/).map(visibleText).join('\n');
}
