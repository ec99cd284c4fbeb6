// One top-level key of a JSON object's text set or removed, every other byte kept (issue #45's
// settings screen): the other keys — unknown ones too —, their order, spacing and line ends stay
// exactly as the user wrote them. Only for text JSON.parse accepts (the caller checks first);
// the settings file is plain JSON, so there are no comments to keep.
import type { Result } from '../../contracts/result';

export type TextEdit = Result<string>;

interface Member {
  key: string;
  /** where its key's opening quote is */
  start: number;
  valueStart: number;
  valueEnd: number;
}

const WHITESPACE = /[ \t\r\n]/;

/** `key` set to `value` (undefined: removed) in the object `text` is, as little text changed as can be. */
export function editTopLevelKey(text: string, key: string, value: unknown): TextEdit {
  const scanned = scanObject(text);
  if (!scanned) return { ok: false, error: 'the file is not one JSON object' };
  const { open, close, members } = scanned;
  const found = members.filter((member) => member.key === key);
  const last = members[members.length - 1];
  if (value === undefined) {
    if (found.length === 0) return { ok: true, value: text };
    // every duplicate goes (JSON.parse would take the last one), from the end so positions hold
    let edited = text;
    for (const member of [...found].reverse()) edited = removeMember(edited, member, members);
    return { ok: true, value: edited };
  }
  const target = found[found.length - 1];
  if (target)
    return {
      ok: true,
      value: text.slice(0, target.valueStart) + render(value, indentOf(text, target.start)) + text.slice(target.valueEnd),
    };
  if (!last) {
    return { ok: true, value: `${text.slice(0, open + 1)}\n  ${JSON.stringify(key)}: ${render(value, '  ')}\n${text.slice(close)}` };
  }
  const indent = indentOf(text, last.start);
  const separator = indent === '' && !text.slice(open, last.start).includes('\n') ? ' ' : `\n${indent}`;
  return {
    ok: true,
    value: `${text.slice(0, last.valueEnd)},${separator}${JSON.stringify(key)}: ${render(value, indent)}${text.slice(last.valueEnd)}`,
  };
}

/** A value as JSON, laid out over lines indented under its key when it is an object or a list. */
function render(value: unknown, indent: string): string {
  const compact = JSON.stringify(value);
  if (typeof value !== 'object' || value === null || compact.length <= 60) return compact;
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
}

/** The whitespace before the line's first character, where `at` is. */
function indentOf(text: string, at: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lead = /^[ \t]*/.exec(text.slice(lineStart, at))?.[0] ?? '';
  return lineStart + lead.length === at ? lead : '';
}

function removeMember(text: string, member: Member, members: Member[]): string {
  const index = members.indexOf(member);
  const next = members[index + 1];
  if (next) return text.slice(0, member.start) + text.slice(next.start);
  const previous = members[index - 1];
  // the last member: from the end of the one before it (its comma goes too)
  if (previous) return text.slice(0, previous.valueEnd) + text.slice(member.valueEnd);
  return text.slice(0, member.start) + text.slice(member.valueEnd).replace(/^[ \t\r\n]*/, '');
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && WHITESPACE.test(text[at] as string)) at++;
  return at;
}

/** The end of the string whose opening quote is at `at`. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/** The end of the value starting at `at` (valid JSON). */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first !== '{' && first !== '[') {
    let i = at;
    while (i < text.length && !/[,}\] \t\r\n]/.test(text[i] as string)) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = stringEnd(text, i) - 1;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The top-level object's braces and members; undefined when the text is not one object. */
function scanObject(text: string): { open: number; close: number; members: Member[] } | undefined {
  const open = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text[open] !== '{') return undefined;
  const members: Member[] = [];
  let at = skipSpace(text, open + 1);
  while (text[at] === '"') {
    const keyEnd = stringEnd(text, at);
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, valueStart);
    members.push({ key, start: at, valueStart, valueEnd: end });
    at = skipSpace(text, end);
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return text[at] === '}' ? { open, close: at, members } : undefined;
}
