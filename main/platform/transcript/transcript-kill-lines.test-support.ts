// Test support: the numbered lines transcript-kill.test.ts has its child record, each one
// checkable on its own (its number, and a payload of a length and content made from it).

/** Line `n`: its number, then 0–99 characters that depend on it, some of them not ASCII. */
export function transcriptLine(n: number): string {
  const payload = `${'ab✓'.repeat(n % 33)}${n % 3 === 0 ? 'é' : ''}`;
  return `${n} ${payload}\n`;
}

/** The numbers of the whole lines in `text`, or undefined at the first one that is not `transcriptLine` of its number. */
export function lineNumbers(text: string): number[] | undefined {
  const numbers: number[] = [];
  for (const line of text.split('\n').slice(0, -1)) {
    const n = Number(line.slice(0, line.indexOf(' ')));
    if (!Number.isInteger(n) || `${line}\n` !== transcriptLine(n)) return undefined;
    numbers.push(n);
  }
  return numbers;
}
