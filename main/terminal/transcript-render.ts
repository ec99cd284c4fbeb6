// A transcript as the text it showed: replayed through xterm's own parser (@xterm/headless,
// bundled into the CLI), then the scrollback plus the final screen as plain lines.
import { Terminal } from '@xterm/headless';
import type { TranscriptRecord } from '../platform/transcript-reader';

/** Lines kept above the screen while replaying; the end of the longest transcript fits. */
const REPLAY_SCROLLBACK_LINES = 200_000;

export async function renderTranscript(record: TranscriptRecord): Promise<string> {
  const terminal = new Terminal({ cols: record.cols, rows: record.rows, scrollback: REPLAY_SCROLLBACK_LINES, allowProposedApi: true });
  try {
    for (const event of record.events) {
      if (event.type === 'o') terminal.write(event.data);
      else terminal.resize(event.cols, event.rows);
    }
    await new Promise<void>((resolve) => terminal.write('', resolve));
    const buffer = terminal.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < buffer.length; y++) {
      const line = buffer.getLine(y);
      if (!line) continue;
      const text = line.translateToString(true);
      // a wrapped row continues the line above it
      if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
      else lines.push(text);
    }
    while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
    return lines.join('\n');
  } finally {
    terminal.dispose();
  }
}

/** The bytes the program printed, as they came (a cut transcript starts with its reset). */
export function rawTranscript(record: TranscriptRecord): string {
  return record.events.map((e) => (e.type === 'o' ? e.data : '')).join('');
}
