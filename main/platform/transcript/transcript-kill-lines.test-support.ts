// Test support: the numbered lines transcript-kill.test.ts has its child record, each one
// checkable on its own (its number, and a payload of a length and content made from it).

/** Line `n`: its number, then 0–99 characters that depend on it, some of them not ASCII. */
export function transcriptLine(n: number): string {
  const payload = `${'ab✓'.repeat(n % 33)}${n % 3 === 0 ? 'é' : ''}`;
  return `${n} ${payload}\n`;
}

/**
 * The numbers of the whole lines of `text`, each the next one's predecessor, when what follows
 * the last of them is the start of the next line (a chunk written in pieces, cut by the kill
 * between two); undefined otherwise.
 */
export function consecutiveLines(text: string): number[] | undefined {
  const cut = text.lastIndexOf('\n') + 1;
  const numbers = lineNumbers(text.slice(0, cut));
  if (!numbers || numbers.some((n, i) => i > 0 && n !== (numbers[i - 1] ?? 0) + 1)) return undefined;
  return transcriptLine((numbers.at(-1) ?? -1) + 1).startsWith(text.slice(cut)) ? numbers : undefined;
}

/** The numbers of the whole lines in `text` (which ends with one), or undefined at the first one that is not `transcriptLine` of its number. */
function lineNumbers(text: string): number[] | undefined {
  const numbers: number[] = [];
  for (const line of text.split('\n').slice(0, -1)) {
    const n = Number(line.slice(0, line.indexOf(' ')));
    if (!Number.isInteger(n) || `${line}\n` !== transcriptLine(n)) return undefined;
    numbers.push(n);
  }
  return numbers;
}
