// A transcript three ways: as the text it showed (replayed through xterm's own parser,
// @xterm/headless bundled into the CLI: the scrollback plus the final screen as plain lines),
// as the bytes printed, and as an asciicast v2 recording that `asciinema play` replays.
import { Terminal } from '@xterm/headless';
import type { TranscriptRecord } from '../platform/transcript/transcript-reader';

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

/**
 * asciicast v2: a header with the size, then [seconds, "o", text] and [seconds, "r", "COLSxROWS"]
 * events. A cut transcript's times count from the cut.
 */
export function castTranscript(record: TranscriptRecord): string {
  const header = {
    version: 2,
    width: record.cols,
    height: record.rows,
    ...(record.timestamp > 0 ? { timestamp: record.timestamp } : {}),
    ...(record.command ? { command: record.command } : {}),
  };
  const origin = record.cut ? (record.events[0]?.at ?? 0) : 0;
  const lines = [JSON.stringify(header)];
  let at = origin;
  for (const event of record.events) {
    at = Math.max(at, event.at); // times never go back (asciinema requires it)
    const seconds = Number(((at - origin) / 1000).toFixed(6));
    const payload = event.type === 'o' ? event.data : `${event.cols}x${event.rows}`;
    lines.push(JSON.stringify([seconds, event.type, payload]));
  }
  return `${lines.join('\n')}\n`;
}
