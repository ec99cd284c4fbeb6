// Command line of the browser harness (test-only):
//   node dist/harness.js [--config FILE] [--log FILE] [--cwd DIR] [--kill-grace MS] [--renderer-dir DIR] [-- PROGRAM ARGS...]
// Without --config the usual lookup applies ($RIPCORD_CONFIG, then XDG); without --log,
// $RIPCORD_LOG or the default log file. Without a program, the config's shell runs.

export interface HarnessOptions {
  config?: string;
  log?: string;
  cwd?: string;
  killGraceMs?: number;
  rendererDir?: string;
  command?: { file: string; args: string[] };
}

export type ParsedOptions = { ok: true; options: HarnessOptions } | { ok: false; error: string };

const VALUE_FLAGS = ['--config', '--log', '--cwd', '--kill-grace', '--renderer-dir'] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

export function parseHarnessArgs(argv: readonly string[]): ParsedOptions {
  const options: HarnessOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      const [file, ...args] = argv.slice(i + 1);
      if (file === undefined) return { ok: false, error: 'nothing after --: give the program to run' };
      options.command = { file, args };
      break;
    }
    if (!(VALUE_FLAGS as readonly string[]).includes(arg)) return { ok: false, error: `unknown option ${arg}` };
    const value = argv[++i];
    if (value === undefined) return { ok: false, error: `${arg} needs a value` };
    const error = apply(options, arg as ValueFlag, value);
    if (error) return { ok: false, error };
  }
  return { ok: true, options };
}

function apply(options: HarnessOptions, flag: ValueFlag, value: string): string | undefined {
  switch (flag) {
    case '--config':
      options.config = value;
      return undefined;
    case '--log':
      options.log = value;
      return undefined;
    case '--cwd':
      options.cwd = value;
      return undefined;
    case '--renderer-dir':
      options.rendererDir = value;
      return undefined;
    case '--kill-grace': {
      const ms = Number(value);
      if (!Number.isInteger(ms) || ms < 0) return `--kill-grace needs a whole number of milliseconds, got ${value}`;
      options.killGraceMs = ms;
      return undefined;
    }
  }
}
