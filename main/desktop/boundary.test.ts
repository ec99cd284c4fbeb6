// The main ↔ session host boundary on a real link (a MessageChannel's ports, asynchronous and
// structured-cloned as a utilityProcess's port): each side, real (SessionHostProcess in main,
// PanePrograms in the host), takes from the other only what its service declares. A malformed
// message is logged and dropped — never handed on as if it were well-formed — and the next good
// one still works. The other end of each test is the raw port, a host or a main gone wrong.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageLink } from '../../contracts/service';
import { toDisposable } from '../core/disposable';
import type { RipcordConfig } from '../core/config';
import type { SessionReaper } from '../platform/containment/containment-spawn';
import type { Logger } from '../platform/log/log';
import type { ProgramDecisions, ProgramTrigger } from '../program/running-program';
import { PanePrograms } from '../session-host/pane-programs';
import { SessionHostProcess } from './session-host-process';

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

function ports(): { port1: MessagePort; port2: MessagePort } {
  const pair = new MessageChannel();
  cleanup.push(
    () => pair.port1.close(),
    () => pair.port2.close(),
  );
  return pair;
}

function linkOf(port: MessagePort): MessageLink {
  return {
    send: (message) => port.postMessage(message),
    onMessage: (listener) => {
      port.on('message', listener);
      return toDisposable(() => port.off('message', listener));
    },
  };
}

/** The next message on `port` that `wanted` takes. */
function next(port: MessagePort, wanted: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const heard = (message: Record<string, unknown>): void => {
      if (!wanted(message)) return;
      port.off('message', heard);
      resolve(message);
    };
    port.on('message', heard);
  });
}

type Line = { name: string; fields: Record<string, unknown> | undefined };
function recordingLog(): Logger & { warnings: Line[] } {
  const warnings: Line[] = [];
  return {
    file: undefined,
    warnings,
    event: () => undefined,
    error: () => undefined,
    warn: (name, fields) => warnings.push({ name, fields }),
    flushSync: () => undefined,
  };
}

/** Main's reaper is asked for nothing here: no host stops or goes. */
const NO_REAPER = { killAll: () => undefined } as unknown as SessionReaper;

describe('the boundary between main and the session host', () => {
  it('host → main: a malformed event is logged and dropped, the pane hears nothing of it, and the next good one arrives', async () => {
    const { port1: mainPort, port2: hostPort } = ports();
    const log = recordingLog();
    const main = new SessionHostProcess(
      { ...linkOf(mainPort), pid: undefined, onExit: () => toDisposable(() => undefined), kill: () => undefined },
      NO_REAPER,
      log,
    );
    cleanup.push(() => main.dispose());
    const triggers: ProgramTrigger[] = [];
    const decisions: ProgramDecisions = {
      press: () => undefined,
      keyPressed: () => undefined,
      trigger: (trigger) => triggers.push(trigger),
      cancelHandled: () => undefined,
      hintRemainingMs: () => 0,
      exiting: false,
    };
    const startAsked = next(hostPort, (message) => message.type === 'start');
    const launched = main.launcher('1')({
      config: { killGraceMs: 100 } as RipcordConfig,
      log,
      reaper: NO_REAPER,
      cols: 80,
      rows: 24,
      decisions,
      describedAs: 'sh',
      killGraceMs: () => 100,
      onExit: () => toDisposable(() => undefined),
    });
    expect((await startAsked).pane).toBe('1');

    hostPort.postMessage({ type: 'trigger', pane: '1', trigger: { kind: 'global-shortcut' } });
    hostPort.postMessage({ type: 'started', pane: '1', pid: -1, containment: { kind: 'cgroup', reason: 'r' } });
    hostPort.postMessage({ type: 'format-disk', pane: '1' });
    hostPort.postMessage({ type: 'trigger', pane: '1', trigger: { kind: 'session-ended', exitCode: 3, smuggled: true } });
    hostPort.postMessage({ type: 'started', pane: '1', pid: 42, containment: { kind: 'cgroup', reason: 'r' } });
    const started = await launched;

    expect(log.warnings).toEqual([
      {
        name: 'host.event-dropped',
        fields: { problem: 'trigger.trigger.kind: expected one of "exit-command", "session-ended", got "global-shortcut"' },
      },
      { name: 'host.event-dropped', fields: { problem: 'started.pid: expected a whole number from 0, got -1' } },
      { name: 'host.event-dropped', fields: { problem: 'unknown type "format-disk"' } },
    ]);
    expect(triggers).toEqual([{ kind: 'session-ended', exitCode: 3 }]);
    expect(started.ok && started.value.pid).toBe(42);
  });

  it("main → host: a malformed command is logged (in main's log) and dropped, and the next good one is answered", async () => {
    const { port1: mainPort, port2: hostPort } = ports();
    const host = new PanePrograms(linkOf(hostPort), { send: () => undefined, onRequest: () => toDisposable(() => undefined) });
    cleanup.push(() => host.dispose());
    const logged: Array<Record<string, unknown>> = [];
    mainPort.on('message', (message: Record<string, unknown>) => {
      if (message.type === 'log') logged.push(message);
    });

    mainPort.postMessage({ type: 'tabs', tabs: { '../1': 1 } });
    mainPort.postMessage({
      type: 'decided',
      pane: '1',
      trigger: { kind: 'format-disk' },
      decision: { action: 'cancel' },
      hintRemainingMs: 0,
    });
    mainPort.postMessage({ type: 'resize', pane: '1', cols: 80 });
    const lastWords = next(mainPort, (message) => message.type === 'last-words');
    mainPort.postMessage({ type: 'exit' });
    await lastWords;

    expect(logged).toEqual([
      { type: 'log', level: 'warn', name: 'host.command-dropped', fields: { problem: 'tabs.tabs.(key): expected a pane id, got "../1"' } },
      {
        type: 'log',
        level: 'warn',
        name: 'host.command-dropped',
        fields: {
          problem:
            'decided.trigger.kind: expected one of "ctrl-c", "sigint", "sigterm", "sighup", "global-shortcut", "window-close", "exit-command", "session-ended", got "format-disk"',
        },
      },
      {
        type: 'log',
        level: 'warn',
        name: 'host.command-dropped',
        fields: { problem: 'resize.rows: expected a whole number from 0, got nothing' },
      },
    ]);
  });
});
