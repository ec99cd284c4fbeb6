// The child of transcript-kill.test.ts: records numbered lines through a real Transcript as fast
// as it can, says on stdout (synchronously, so the parent can act while it keeps writing) the
// number of the last line whose output() has returned, and goes on until it is killed.
//   node child.js <transcripts root> <report after this many lines> <maxBytes>
import { writeSync } from 'node:fs';
import { nullEventLog } from '../log/event-log';
import { Transcript } from './transcript';
import { transcriptLine } from './transcript-kill-lines.test-support';

/** Lines per output() call cycle through 1..this: pieces of many sizes, so the ring's end cuts them anywhere. */
const MAX_LINES_PER_PIECE = 7;
/** A child its parent never killed stops here (a broken test must not write forever). */
const MAX_LINES = 50_000_000;

const [root = '', reportAfter = '0', maxBytes = '0'] = process.argv.slice(2);
const transcript = new Transcript({ root, cols: 80, rows: 24, command: 'kill-test', log: nullEventLog, maxBytes: Number(maxBytes) });
transcript.begin();

const waitUntilKept = (): void => {
  if (!transcript.kept) {
    setImmediate(waitUntilKept);
    return;
  }
  writeSync(1, `dir ${transcript.dir}\n`);
  let next = 0;
  for (let piece = 0; next < MAX_LINES; piece++) {
    const lines = (piece % MAX_LINES_PER_PIECE) + 1;
    let text = '';
    for (let i = 0; i < lines; i++) text += transcriptLine(next + i);
    transcript.output(text);
    next += lines;
    if (next - lines < Number(reportAfter) && next >= Number(reportAfter)) writeSync(1, `wrote ${next - 1}\n`);
  }
  process.exit(1);
};
waitUntilKept();
