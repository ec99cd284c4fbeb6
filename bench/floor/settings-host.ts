// The contained floor after the steps no ripcord start can skip before its program runs, each
// done by ripcord's own code: the settings file read and checked (they name the shell, its
// arguments and environment and whether shell integration applies), the working directory and
// the program checked (a bad one is a message, not a dead terminal), the shell integration's
// files made, and the containment planned (where the session's cgroup goes). Then floor.ts — no
// log, Ctrl+C machine, transcript or wiring. Its first prompt is the least a start that keeps
// issue 17's rules and reads the user's settings can cost.
//   node floor-settings-host.js --config FILE -- PROGRAM ARGS...
import { rmSync } from 'node:fs';
import { loadConfig } from '../../main/platform/files/config-file';
import { containmentPlan } from '../../main/platform/containment/containment-probe';
import { checkCwd, resolveProgram } from '../../main/platform/pty/program-file';
import { prepareShellIntegration } from '../../main/program/shell-integration/prepare';
import { programAfterSeparator } from '../lib/host-argv';
import { runFloor } from './floor';

const [file, ...args] = programAfterSeparator('floor-settings-host');
const configFlag = process.argv.indexOf('--config');
const { config, problems } = loadConfig(configFlag >= 0 ? process.argv[configFlag + 1] : undefined);
for (const problem of problems) process.stderr.write(`floor-settings-host: ${problem}\n`);
const cwd = process.cwd();
const resolved = resolveProgram(file, process.env.PATH ?? '', cwd);
const cannotStart = checkCwd(cwd) ?? (resolved.ok ? undefined : resolved.error);
if (cannotStart !== undefined) {
  process.stderr.write(`floor-settings-host: ${cannotStart}\n`);
  process.exit(1);
}
const { program, integration, problem } = prepareShellIntegration(
  { file, args, env: config.env },
  { enabled: config.shellIntegration, exitCommands: config.exitCommands },
);
if (problem) process.stderr.write(`floor-settings-host: ${problem}\n`);
// ripcord removes them at the first prompt; here at the end
if (integration) process.on('exit', () => rmSync(integration.dir, { recursive: true, force: true }));
void containmentPlan().then((plan) => runFloor(program, plan.kind === 'cgroup' ? plan.facts.parent : undefined));
