// The Ctrl+C floor's host (ctrl-c-floor.ts), started by the bench per run with the run's
// FloorOptions as one JSON argument: the run, then one JSON line on stdout (FloorRun) and exit 0;
// options it cannot use are a usage error (exit 2), a run that fails says why (exit 1).
//   node floor-ctrl-c-host.js '{"program": {"file", "args", "env"}, "prompt", "cols", "rows", "cwd", "flood", "floodMs", "timeoutMs"}'
import { measureFloor, type FloorOptions } from './ctrl-c-floor';

function fail(code: number, problem: string): never {
  process.stderr.write(`floor-ctrl-c-host: ${problem}\n`);
  process.exit(code);
}

function parseOptions(text: string | undefined): FloorOptions {
  let options: Partial<FloorOptions> | null;
  try {
    options = JSON.parse(text ?? '') as Partial<FloorOptions> | null;
  } catch {
    fail(2, `usage: floor-ctrl-c-host FLOOR_OPTIONS_JSON, not ${JSON.stringify(text)}`);
  }
  const counts = ['cols', 'rows', 'floodMs', 'timeoutMs'] as const;
  const bad = [
    ...counts.filter((key) => !Number.isInteger(options?.[key]) || (options?.[key] ?? 0) <= 0),
    ...(['prompt', 'cwd'] as const).filter((key) => typeof options?.[key] !== 'string'),
    ...(options?.flood === 'yes' || options?.flood === 'color' ? [] : ['flood']),
    ...(typeof options?.program?.file === 'string' && Array.isArray(options.program.args) ? [] : ['program']),
  ];
  if (bad.length > 0 || !options) fail(2, `bad or missing ${bad.join(', ')} in ${JSON.stringify(text)}`);
  return options as FloorOptions;
}

measureFloor(parseOptions(process.argv[2])).then(
  (run) => {
    process.stdout.write(`${JSON.stringify(run)}\n`);
    process.exit(0);
  },
  (error: unknown) => fail(1, error instanceof Error ? error.message : String(error)),
);
