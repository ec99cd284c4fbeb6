// The bench's own terminal hosts (naive, floor) take `-- PROGRAM ARGS...` as their command line.

/** PROGRAM and ARGS after `--`; without a program, a usage line and exit 2. */
export function programAfterSeparator(host: string): [string, ...string[]] {
  const separator = process.argv.indexOf('--');
  const [file, ...args] = separator >= 0 ? process.argv.slice(separator + 1) : [];
  if (file === undefined) {
    process.stderr.write(`${host}: usage: ${host} -- PROGRAM ARGS...\n`);
    process.exit(2);
  }
  return [file, ...args];
}
