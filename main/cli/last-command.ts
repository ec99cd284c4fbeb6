// `ripcord last [N] [--raw | --cast]` (issue #16): what a finished session printed.
import { stateDir } from '../platform/log/log';
import { pidAlive } from '../platform/processes/process-tree';
import { transcriptsRoot } from '../platform/transcript/transcript';
import { listTranscripts, readTranscript } from '../platform/transcript/transcript-reader';
import { usageError } from './usage-error';
import { replayForTerminal } from './terminal-replay';
import { castTranscript, rawTranscript, renderTranscript } from './transcript-render';

export const LAST_USAGE = `Usage: ripcord last [N] [--raw | --cast]

Prints the transcript of the N-th most recent finished session (default 1, the last one) as the
text it showed: its scrollback and final screen. --raw prints the bytes the program printed
(at a terminal without the queries and settings that would make it answer or change, and with
the modes it left on turned off; piped, as recorded), --cast an asciicast v2 recording
(ripcord last --cast > s.cast; asciinema play s.cast).
Transcripts live in $XDG_STATE_HOME/ripcord/transcripts (default ~/.local/state/...).`;

const EXIT_FAILED = 1;
const FORMATS = ['--raw', '--cast'] as const;

export async function runLast(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) return done(process.stdout, LAST_USAGE, 0);
  const formats = args.filter((a): a is (typeof FORMATS)[number] => (FORMATS as readonly string[]).includes(a));
  const rest = args.filter((a) => !(FORMATS as readonly string[]).includes(a));
  if (formats.length > 1 || rest.length > 1 || (rest[0] !== undefined && !/^[1-9]\d*$/.test(rest[0])))
    return usageError('last', `expected [N] [--raw | --cast], got '${args.join(' ')}'`);
  const nth = Number(rest[0] ?? '1');
  const root = transcriptsRoot(stateDir());
  // a host is running while its pid is alive; a recycled pid only hides a session until it ends
  const finished = (await listTranscripts(root, pidAlive)).filter((s) => s.finished);
  const session = finished[nth - 1];
  if (!session)
    return done(
      process.stderr,
      `ripcord: last: ${finished.length} finished session(s) have a transcript in ${root}; there is no number ${nth}`,
      EXIT_FAILED,
    );
  const read = await readTranscript(session.dir);
  if (!read.ok) return done(process.stderr, `ripcord: last: ${read.error}`, EXIT_FAILED);
  switch (formats[0]) {
    case '--raw':
      // at a terminal, nothing of it may make the terminal answer or stay on (terminal-replay.ts)
      process.stdout.write(process.stdout.isTTY ? replayForTerminal(rawTranscript(read.value)) : rawTranscript(read.value));
      return 0;
    case '--cast':
      process.stdout.write(castTranscript(read.value));
      return 0;
    default:
      process.stderr.write(`ripcord: ${session.dir}${read.value.cut ? ' (its start was cut to keep the size cap)' : ''}\n`);
      return done(process.stdout, await renderTranscript(read.value), 0);
  }
}

function done(stream: NodeJS.WriteStream, text: string, code: number): number {
  stream.write(`${text}\n`);
  return code;
}
