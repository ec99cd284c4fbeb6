// Command line of the browser harness (test-only):
//   node dist/harness.js [--config FILE] [--log FILE] [--cwd DIR] [--renderer-dir DIR] [-- PROGRAM ARGS...]
// Without --config the usual lookup applies ($RIPCORD_CONFIG, then XDG); without --log,
// $RIPCORD_LOG or the default log file. Without a program, the config's shell runs. --renderer-dir:
// the page's directory (index.html, renderer.js, renderer.css), the harness's build of the page
// (dist/harness-renderer) by default; the shipped preload is the one in the directory above it.
import { parseArgs } from 'node:util';
import type { Result } from '../../contracts/result';

export interface HarnessOptions {
  config?: string;
  log?: string;
  cwd?: string;
  rendererDir?: string;
  command?: { file: string; args: string[] };
}

export type ParsedOptions = Result<HarnessOptions>;

export function parseHarnessArgs(argv: readonly string[]): ParsedOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        config: { type: 'string' },
        log: { type: 'string' },
        cwd: { type: 'string' },
        'renderer-dir': { type: 'string' },
      },
    });
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  const options: HarnessOptions = {};
  if (values.config !== undefined) options.config = values.config;
  if (values.log !== undefined) options.log = values.log;
  if (values.cwd !== undefined) options.cwd = values.cwd;
  if (values['renderer-dir'] !== undefined) options.rendererDir = values['renderer-dir'];
  if (argv.includes('--')) {
    const [file, ...args] = positionals;
    if (file === undefined) return { ok: false, error: 'nothing after --: give the program to run' };
    options.command = { file, args };
  } else if (positionals.length > 0) {
    return { ok: false, error: `unexpected argument ${positionals[0]}: put the program after --` };
  }
  return { ok: true, value: options };
}
