// Every command the docs show is one that works: `npm run X` names a script of package.json,
// `ripcord X --flag` a real subcommand and a flag it accepts (the CLI's own help and usage texts,
// not a copy of them), `npx vitest run PATH` / `npx playwright test PATH` a path that exists.
// A failure names the doc and the line, so a renamed script, flag or spec cannot leave a reader
// typing a command that fails.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { PS_USAGE, STOP_USAGE } from '../main/cli/control-commands';
import { DOCTOR_USAGE } from '../main/cli/doctor';
import { LAST_USAGE } from '../main/cli/last-command';
import { RUN_USAGE } from '../main/cli/run-options';
import { STATS_USAGE } from '../main/cli/stats';
import { docFiles } from './source-files.test-support';

const root = path.resolve(__dirname, '..');

/** Each subcommand's own usage text, which lists every flag it accepts. */
const SUBCOMMAND_USAGES: Readonly<Record<string, string>> = {
  run: RUN_USAGE,
  stats: STATS_USAGE,
  doctor: DOCTOR_USAGE,
  ps: PS_USAGE,
  stop: STOP_USAGE,
  last: LAST_USAGE,
};

/** Wrong on purpose: the README's examples of a bad command line (exit 2). */
const DELIBERATELY_WRONG = new Set(['ripcord -x', 'ripcord run --bogus']);

/** Scripts of the user's own project that the docs run under ripcord as examples, not ripcord's. */
const USER_SCRIPTS = new Set(['dev']);

/** Where a command starts: the text's start or after `;`, `&`, `|`, `(`, then any `NAME=value` words. */
const AT_COMMAND = String.raw`(?:^|[;&|(]\s*)(?:\w+=\S*\s+)*`;

/** Fenced blocks whose lines are commands; other blocks are checked only on their `$ ` lines and synopses. */
const SHELL_FENCES = new Set(['sh', 'bash', 'shell']);

interface CommandLine {
  /** what `ripcord --help` lists, and its own flags */
  subcommands: ReadonlySet<string>;
  topFlags: ReadonlySet<string>;
  /** per subcommand: the flags it accepts, and those of them that take a value */
  flags: ReadonlyMap<string, { all: ReadonlySet<string>; withValue: ReadonlySet<string> }>;
  scripts: ReadonlySet<string>;
  exists(repoPath: string): boolean;
}

/** A command found in a doc: its text and the line it starts on. */
interface Found {
  text: string;
  line: number;
}

const FLAG = /(?<![\w-])--?[A-Za-z][\w-]*/g;

function flagsOf(usage: string): { all: Set<string>; withValue: Set<string> } {
  const all = new Set([...usage.matchAll(FLAG)].map((m) => m[0]));
  all.add('--help'); // "Run "ripcord <command> --help" for a command's options" (ripcord --help)
  const withValue = new Set([...usage.matchAll(/^\s+(?:-\w, )?(--[\w-]+) [A-Z]+\b/gm)].map((m) => m[1] as string));
  return { all, withValue };
}

/** The commands in a doc: lines of shell blocks, `$ ` and `ripcord …` lines of other blocks, and inline code. */
function commandsIn(markdown: string): Found[] {
  const found: Found[] = [];
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let transcript = false;
  const prose: string[] = [];
  lines.forEach((line, index) => {
    const marker = /^\s*```(\w*)/.exec(line);
    if (marker) {
      fence = fence === undefined ? (marker[1] ?? '') : undefined;
      // a block with `$ ` lines is a session's transcript: its other lines are output
      const block = lines.slice(index + 1);
      const end = block.findIndex((l) => /^\s*```/.test(l));
      transcript = fence !== undefined && block.slice(0, end < 0 ? undefined : end).some((l) => /^\s*\$ /.test(l));
      prose.push('');
      return;
    }
    if (fence === undefined) {
      prose.push(line);
      return;
    }
    prose.push('');
    const text = line.trim();
    if (SHELL_FENCES.has(fence)) found.push({ text, line: index + 1 });
    else if (text.startsWith('$ ')) found.push({ text: text.slice(2), line: index + 1 });
    else if (!transcript && /^ripcord(\s|$)/.test(text)) found.push({ text: text.split(/\s{2,}/)[0] as string, line: index + 1 });
  });
  const text = prose.join('\n');
  for (const span of text.matchAll(/`([^`]+)`/g)) {
    found.push({ text: (span[1] as string).replace(/\s+/g, ' '), line: text.slice(0, span.index).split('\n').length });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Shell words of `text` from `start` up to the end of that command (a pipe, `;`, `&&`, `#`, `)`); `[`, `]` and `|` inside brackets are notation. */
function wordsFrom(text: string, start: number): string[] {
  const words: string[] = [];
  let depth = 0;
  let word = '';
  const flush = (): void => {
    if (word !== '') words.push(word);
    word = '';
  };
  for (let i = start; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === '|' && depth > 0) flush();
    else if (/[|;&#)<>]/.test(c)) break;
    else if (/\s/.test(c)) flush();
    else {
      word += c;
      continue;
    }
    flush();
  }
  flush();
  return words;
}

/** Words a reader replaces: `PATH`, `path/to/x`, `e2e/...`, `<dir>`. */
const isPlaceholder = (word: string): boolean =>
  word.includes('...') || word.includes('…') || word.includes('<') || word.startsWith('path/to/') || /^[A-Z_]+$/.test(word);

/** What is wrong with one command, each as a sentence; none when it would run. */
function problemsOf(command: string, cli: CommandLine): string[] {
  if (DELIBERATELY_WRONG.has(command.trim())) return [];
  const problems: string[] = [];
  for (const m of command.matchAll(new RegExp(`${AT_COMMAND}npm (?:run ([\\w:.-]+)|(test|start)\\b)`, 'g'))) {
    const script = (m[1] ?? m[2]) as string; // one of the two groups always matched
    if (!cli.scripts.has(script) && !USER_SCRIPTS.has(script))
      problems.push(`\`npm run ${script}\`: package.json has no script "${script}"`);
  }
  for (const m of command.matchAll(new RegExp(`${AT_COMMAND}npx (?:vitest run|playwright test)(?=\\s|$)`, 'g'))) {
    for (const word of wordsFrom(command, m.index + m[0].length)) {
      if (word.startsWith('-') || isPlaceholder(word)) continue;
      if (!cli.exists(word)) problems.push(`\`${m[0].slice(m[0].indexOf('npx'))} ${word}\`: ${word} does not exist`);
    }
  }
  for (const m of command.matchAll(new RegExp(`${AT_COMMAND}(?:\\S*bin/)?ripcord(?=\\s|$)`, 'g'))) {
    const [first, ...rest] = wordsFrom(command, m.index + m[0].length);
    // `ripcord run: unknown option …`, `ripcord ps, ripcord stop`: a message or prose, not a command
    if (first === undefined || isPlaceholder(first) || /[:,]$/.test(first)) continue;
    if (first.startsWith('-')) {
      for (const flag of [first, ...rest])
        if (!cli.topFlags.has(flag.split('=')[0] as string)) problems.push(`\`ripcord ${flag}\`: not an option of ripcord`);
      continue;
    }
    const flags = cli.flags.get(first);
    if (!cli.subcommands.has(first) || flags === undefined) {
      problems.push(`\`ripcord ${first}\`: not a subcommand of ripcord`);
      continue;
    }
    for (let i = 0; i < rest.length; i++) {
      const word = rest[i] as string;
      if (word === '--') break;
      if (!word.startsWith('-')) {
        if (first === 'run') break; // options end at CMD: what follows is CMD's
        continue;
      }
      const flag = word.split('=')[0] as string;
      if (!flags.all.has(flag)) problems.push(`\`ripcord ${first} ${flag}\`: not an option of ripcord ${first}`);
      else if (flags.withValue.has(flag) && !word.includes('=')) i++;
    }
  }
  return problems;
}

const execFileAsync = promisify(execFile);
let cli: CommandLine;

beforeAll(async () => {
  // `npm test` builds first; a lone `vitest run build/` builds what is missing.
  if (!existsSync(path.join(root, 'dist/cli.js')))
    await execFileAsync(process.execPath, [path.join(root, 'build/bundle.mjs')], { cwd: root });
  const help = (await execFileAsync(path.join(root, 'bin/ripcord'), ['--help'])).stdout;
  const [top, commands = ''] = help.split('\nCommands:\n');
  const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  cli = {
    subcommands: new Set([...commands.matchAll(/^ {2}(\w+) /gm)].map((m) => m[1] as string)),
    topFlags: new Set([...(top as string).matchAll(FLAG)].map((m) => m[0])),
    flags: new Map(Object.entries(SUBCOMMAND_USAGES).map(([name, usage]) => [name, flagsOf(usage)])),
    scripts: new Set(Object.keys(scripts)),
    exists: (repoPath) => existsSync(path.join(root, repoPath)),
  };
}, 120_000);

describe('commands in the docs', () => {
  it('knows every subcommand ripcord --help lists, by its own usage', () => {
    expect(cli.subcommands.size).toBeGreaterThan(3);
    expect([...cli.subcommands].sort()).toEqual(Object.keys(SUBCOMMAND_USAGES).sort());
    expect([...cli.topFlags].sort()).toEqual(['--help', '--no-sandbox', '--version']);
  });

  it("docs/usage.md's command list has a line for every subcommand", async () => {
    const usage = await readFile(path.join(root, 'docs/usage.md'), 'utf8');
    const listed = new Set([...usage.matchAll(/^ripcord (\w+)/gm)].map((m) => m[1] as string));
    expect([...cli.subcommands].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('fails a made-up command, naming what is wrong', () => {
    const doc = [
      'Run `npm run lint` and `npm run no-such-script`.',
      '```sh',
      'npx vitest run build/no-such.test.ts   # a spec that is not there',
      'ripcord frobnicate',
      '```',
      '`ripcord run --cwd /tmp --made-up -- bash --norc` and `ripcord stats --json | jq -r .x`',
      '```',
      '$ ripcord ps --all',
      '```',
      '```',
      'ripcord stop SESSION [PID | --jobs]    stop it',
      '```',
    ].join('\n');
    const problems = commandsIn(doc).flatMap((c) => problemsOf(c.text, cli).map((p) => `${c.line}: ${p}`));
    expect(problems).toEqual([
      '1: `npm run no-such-script`: package.json has no script "no-such-script"',
      '3: `npx vitest run build/no-such.test.ts`: build/no-such.test.ts does not exist',
      '4: `ripcord frobnicate`: not a subcommand of ripcord',
      '6: `ripcord run --made-up`: not an option of ripcord run',
      '8: `ripcord ps --all`: not an option of ripcord ps',
      '11: `ripcord stop --jobs`: not an option of ripcord stop',
    ]);
  });

  it('every command in README, CONTRIBUTING and docs/ would run', async () => {
    const problems: string[] = [];
    let commands = 0;
    for (const file of await docFiles()) {
      for (const found of commandsIn(await readFile(path.join(root, file), 'utf8'))) {
        if (/\b(npm|npx|ripcord)\b/.test(found.text)) commands++;
        for (const problem of problemsOf(found.text, cli)) problems.push(`${file}:${found.line}: ${problem}`);
      }
    }
    // The scan itself must work: the docs show well over a hundred commands.
    expect(commands).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('testing.md and CONTRIBUTING say to build the harness (`npm run build:test`) before the browser specs', async () => {
    for (const file of ['docs/testing.md', 'CONTRIBUTING.md']) {
      const text = await readFile(path.join(root, file), 'utf8');
      expect(text, file).toMatch(/`npm run build:test`[^.]*e2e\/browser|e2e\/browser[^.]*`npm run build:test`/);
      // `npm run build` alone leaves out the harness bundles the browser specs need
      const wrong = text
        .split('\n')
        .flatMap((line, i) => (/playwright|e2e\//i.test(line) && /`npm run build`/.test(line) ? [`${file}:${i + 1}`] : []));
      expect(wrong).toEqual([]);
    }
  });
});
