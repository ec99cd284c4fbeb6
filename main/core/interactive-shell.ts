// Which root programs get exit commands from keystrokes, and which get shell integration
// (docs/exit-commands.md).

/** Executables that are shells: started without a command or a script, they read command lines. */
const KNOWN_SHELLS: ReadonlySet<string> = new Set([
  'sh',
  'ash',
  'dash',
  'bash',
  'zsh',
  'fish',
  'ksh',
  'mksh',
  'oksh',
  'pdksh',
  'yash',
  'posh',
  'csh',
  'tcsh',
]);
/** Shell options whose value is the next argument (so that value is not a script name). */
const OPTIONS_WITH_VALUE: ReadonlySet<string> = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file', '-C', '--init-command']);
/** Options that make a shell run a command instead of reading lines from the user. */
const COMMAND_OPTIONS: ReadonlySet<string> = new Set(['--command', '-c']);

export type IntegrableShell = 'bash' | 'zsh' | 'fish';

export function programName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

/**
 * True when the program is a known shell started without `-c` (alone or among short options,
 * as in `-lc`) and without a script argument: it sits at its own prompt.
 */
export function isInteractiveShell(file: string, args: readonly string[]): boolean {
  if (!KNOWN_SHELLS.has(programName(file))) return false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (COMMAND_OPTIONS.has(arg) || /^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg)) return false;
    if (OPTIONS_WITH_VALUE.has(arg)) {
      i++;
      continue;
    }
    if (arg === '-' || arg === '--') return i === args.length - 1;
    if (!arg.startsWith('-') && !arg.startsWith('+')) return false; // a script
  }
  return true;
}

/**
 * The same for a process's argv as it runs now (/proc/<pid>/cmdline): a login shell's argv[0]
 * may carry a leading '-' (`-bash`).
 */
export function isInteractiveShellCommandLine(argv: readonly string[]): boolean {
  const [file, ...args] = argv;
  return file !== undefined && isInteractiveShell(file.replace(/^-/, ''), args);
}

/** Arguments ripcord can keep when it injects integration: none, login and interactive flags. */
const INTEGRABLE_ARGS: ReadonlySet<string> = new Set(['-l', '--login', '-i', '--interactive', '-il', '-li']);

/**
 * The shell to inject integration into, or undefined: bash, zsh or fish started with no
 * arguments other than login/interactive flags (anything else, such as `--norc` or a script,
 * is left exactly as configured).
 */
export function integrableShell(file: string, args: readonly string[]): IntegrableShell | undefined {
  const name = programName(file);
  if (name !== 'bash' && name !== 'zsh' && name !== 'fish') return undefined;
  return args.every((arg) => INTEGRABLE_ARGS.has(arg)) ? name : undefined;
}

export function isLoginArg(arg: string): boolean {
  return arg === '-l' || arg === '--login' || arg === '-il' || arg === '-li';
}
