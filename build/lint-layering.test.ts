import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
// The probes are files that do not exist, which the type-aware rules cannot type: their imports are linted without types.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function errorsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layering lint (DESIGN §1)', () => {
  it.each([
    ['main/core/x.ts', "import { readFile } from 'node:fs';\nexport const f = readFile;\n"],
    ['main/core/x.ts', "import path from 'path';\nexport const p = path;\n"],
    ['main/core/x.ts', "import { Session } from '../platform/session';\nexport type S = Session;\n"],
    ['main/platform/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['main/platform/x.ts', "import * as pty from 'node-pty';\nexport const p = pty;\n"],
    ['main/cli/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['renderer/x.ts', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n"],
    ['renderer/x.ts', "import fs from 'node:fs';\nexport const f = fs;\n"],
    ['renderer/x.ts', "import { CtrlCState } from '../main/core/ctrl-c-state';\nexport const c = CtrlCState;\n"],
    ['preload/x.ts', "import fs from 'node:fs';\nexport const f = fs;\n"],
    ['main/desktop/x.ts', "import { run } from '../cli/cli-main';\nexport const r = run;\n"],
    ['main/lifecycle/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['main/lifecycle/x.ts', "import { desktopExitHost } from '../desktop/desktop-exit-host';\nexport const d = desktopExitHost;\n"],
    ['main/program/x.ts', "import * as pty from 'node-pty';\nexport const p = pty;\n"],
    ['main/platform/x.ts', "import { SessionLifecycle } from '../lifecycle/session-lifecycle';\nexport const s = SessionLifecycle;\n"],
    ['main/core/x.ts', "import { ExitPath } from '../decisions/exit-path';\nexport const e = ExitPath;\n"],
    // the processes' folders: what runs a program knows no lifecycle and no decisions, the session host no decisions and no desktop, the reaper no session
    ['main/program/x.ts', "import { SessionLifecycle } from '../lifecycle/session-lifecycle';\nexport const s = SessionLifecycle;\n"],
    ['main/program/x.ts', "import { ExitPath } from '../decisions/exit-path';\nexport const e = ExitPath;\n"],
    ['main/session-host/x.ts', "import { MainDecisions } from '../decisions/program-decisions';\nexport const m = MainDecisions;\n"],
    ['main/session-host/x.ts', "import { PaneWindow } from '../desktop/pane-window';\nexport const p = PaneWindow;\n"],
    ['main/reaper/x.ts', "import { ExitPath } from '../decisions/exit-path';\nexport const e = ExitPath;\n"],
    ['main/platform/x.ts', "import { ReaperTerminal } from '../reaper/reaper-terminal';\nexport const r = ReaperTerminal;\n"],
    ['renderer/x.ts', "import { ExitDecisionTable } from '../main/core/exit-decisions';\nexport const e = ExitDecisionTable;\n"],
    ['main/lifecycle/x.ts', "import type { RipcordApi } from '../../preload/preload-main';\nexport type A = RipcordApi;\n"],
    ['renderer/x.ts', "import type { RipcordApi } from '../preload';\nexport type A = RipcordApi;\n"],
    ['contracts/x.ts', "import { CTRL_C } from '../main/core/control-chars';\nexport const c = CTRL_C;\n"],
    ['contracts/x.ts', "import path from 'node:path';\nexport const p = path;\n"],
    ['main/core/x.ts', "import type { HintState } from '../../contracts/renderer';\nexport type H = HintState;\n"],
  ])('%s rejects %j', async (file, code) => {
    const errors = await errorsFor(file, code);
    expect(errors.some((e) => e.startsWith('no-restricted-imports'))).toBe(true);
  });

  it.each([
    ['main/platform/x.ts', "import { readFile } from 'node:fs/promises';\nexport const f = readFile;\n"],
    [
      'main/desktop/x.ts',
      "import { app } from 'electron';\nimport type { RipcordApi } from '../../contracts/renderer';\nexport const a: [typeof app, RipcordApi?] = [app];\n",
    ],
    [
      'renderer/x.ts',
      "import { Terminal } from '@xterm/xterm';\nimport type { RipcordApi } from '../contracts/renderer';\nexport const t: [typeof Terminal, RipcordApi?] = [Terminal];\n",
    ],
    ['main/platform/pty/session.ts', "import * as pty from 'node-pty';\nexport const p = pty;\n"],
    [
      'main/program/x.ts',
      "import { spawnSession } from '../platform/session';\nimport { CtrlCState } from '../core/ctrl-c-state';\nimport type { HintState } from '../../contracts/renderer';\nexport const s: [typeof spawnSession, typeof CtrlCState, HintState?] = [spawnSession, CtrlCState];\n",
    ],
    ['main/desktop/x.ts', "import { SessionLifecycle } from '../lifecycle/session-lifecycle';\nexport const s = SessionLifecycle;\n"],
    ['main/cli/x.ts', "import { SessionLifecycle } from '../lifecycle/session-lifecycle';\nexport const s = SessionLifecycle;\n"],
    ['renderer/x.ts', "import { CAN } from '../main/core/control-chars';\nexport const c = CAN;\n"],
    ['preload/x.ts', "import { IpcChannel } from '../contracts/renderer';\nexport const c = IpcChannel;\n"],
    ['contracts/x.ts', "import type { ProcessView } from './renderer';\nexport type V = ProcessView;\n"],
    ['main/core/x.ts', "import type { Result } from '../../contracts/result';\nexport type R = Result<number>;\n"],
  ])('%s allows %j', async (file, code) => {
    expect(await errorsFor(file, code)).toEqual([]);
  });

  it('rejects a synchronous fs call in main/ outside the allow-list', async () => {
    const errors = await errorsFor(
      'main/platform/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const r = () => readFileSync('/etc/hostname');\n",
    );
    expect(errors.some((e) => e.startsWith('no-restricted-syntax'))).toBe(true);
  });

  it('rejects execSync called as a method', async () => {
    const errors = await errorsFor(
      'main/desktop/x.ts',
      "import cp from 'node:child_process';\nexport const r = () => cp.execSync('true');\n",
    );
    expect(errors.some((e) => e.startsWith('no-restricted-syntax'))).toBe(true);
  });

  describe('test fence', () => {
    it.each([
      ['main/platform/x.ts', "import { waitFor } from './processes.test-support';\nexport const w = waitFor;\n"],
      ['main/desktop/x.ts', "import { FakeApp } from './wiring.test-support';\nexport const f = FakeApp;\n"],
      ['main/program/x.ts', "import { waitFor } from '../platform/processes.test-support';\nexport const w = waitFor;\n"],
      ['main/cli/x.ts', "import { waitFor } from '../platform/processes.test-support.ts';\nexport const w = waitFor;\n"],
      ['renderer/x.ts', "import { x } from './app.test';\nexport const y = x;\n"],
      ['renderer/x.ts', "import { x } from './pane.test-support';\nexport const y = x;\n"],
      ['preload/x.ts', "import { x } from './bridge.test-support';\nexport const y = x;\n"],
      ['contracts/x.ts', "import { x } from './messages.test-support';\nexport const y = x;\n"],
      // the harness's own code (its test view, its protocol, its host) and the bench are test code by their folder
      ['renderer/x.ts', "import { offerTestView } from '../e2e/harness/test-view';\nexport const o = offerTestView;\n"],
      ['contracts/x.ts', "import type { PageMessage } from '../e2e/harness/harness-socket';\nexport type P = PageMessage;\n"],
      ['main/session-host/x.ts', "import { forkSessionHost } from '../../e2e/harness/forked-host';\nexport const f = forkSessionHost;\n"],
      ['preload/x.ts', "import { crossBridge } from '../e2e/harness/context-bridge';\nexport const c = crossBridge;\n"],
      ['main/cli/x.ts', "import { HARNESS } from '../../bench/lib/paths';\nexport const h = HARNESS;\n"],
    ])('product file %s may not import test code: %j', async (file, code) => {
      const errors = await errorsFor(file, code);
      expect(errors.some((e) => e.startsWith('@typescript-eslint/no-restricted-imports'))).toBe(true);
    });

    it.each([
      ['main/platform/x.test.ts', "import { waitFor } from './processes.test-support';\nexport const w = waitFor;\n"],
      ['main/desktop/x.test-support.ts', "import { waitFor } from '../platform/processes.test-support';\nexport const w = waitFor;\n"],
    ])('test file %s may: %j', async (file, code) => {
      expect(await errorsFor(file, code)).toEqual([]);
    });

    it("a test-support file keeps its folder's layering", async () => {
      const errors = await errorsFor('main/platform/x.test-support.ts', "import { app } from 'electron';\nexport const a = app;\n");
      expect(errors.some((e) => e.startsWith('no-restricted-imports'))).toBe(true);
    });
  });

  describe('type-aware rules', () => {
    // Linted as this very file (which the project service knows), with the probe's text in its place.
    const typed = new ESLint({ cwd: root });
    async function typedErrors(code: string): Promise<string[]> {
      const [result] = await typed.lintText(code, { filePath: __filename });
      return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
    }

    it('rejects a floating promise', async () => {
      const errors = await typedErrors('async function later(): Promise<void> {}\nexport function start(): void {\n  later();\n}\n');
      expect(errors.some((e) => e.startsWith('@typescript-eslint/no-floating-promises'))).toBe(true);
    });

    it('rejects a promise where a void callback is expected', async () => {
      const errors = await typedErrors('export function every(listener: () => void): void {\n  listener();\n}\nevery(async () => {});\n');
      expect(errors.some((e) => e.startsWith('@typescript-eslint/no-misused-promises'))).toBe(true);
    });

    it('rejects a condition the types make always true', async () => {
      const errors = await typedErrors('export function f(n: { a: number }): number {\n  return n?.a;\n}\n');
      expect(errors.some((e) => e.startsWith('@typescript-eslint/no-unnecessary-condition'))).toBe(true);
    });

    it('allows an awaited or deliberately dropped promise', async () => {
      const code =
        'async function later(): Promise<void> {}\nexport async function start(): Promise<void> {\n  await later();\n  void later();\n}\n';
      expect(await typedErrors(code)).toEqual([]);
    });
  });
});
