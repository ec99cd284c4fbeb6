import type { WebContents } from 'electron';
import { rendererSettings } from './renderer-settings';
import { IpcChannel, type HintState, type RendererSettings, type SessionEnd } from '../../preload/api';
import type { RipcordConfig } from '../core/config';
import { DisposableStore, type Disposable } from '../core/disposable';
import type { ExitPathHost } from './exit-path';
import { GuardedSession } from './guarded-session';
import type { Logger } from '../platform/log';
import type { ReaperClient } from '../platform/reaper-client';
import type { ExitRouter } from '../electron/exit-router';
import { START_FAILED_EXIT_CODE } from '../electron/exit-router';
import type { IpcTarget } from '../electron/ipc-handlers';

/** Keystrokes typed in the few ms between the first resize and the spawn; more is not typing. */
const MAX_EARLY_INPUT_CHARS = 65_536;

export type RendererChannel = Pick<WebContents, 'send' | 'isDestroyed'>;

/**
 * The window's one session (one app process = one window = one session). It starts on the
 * renderer's first resize — the renderer registers all its listeners before that call, and the
 * program starts with the real size instead of 80x24 plus a redraw. Output and the hint go to
 * the renderer; the renderer's requests (already validated by the IPC handlers) come in here.
 */
export class DesktopSession implements IpcTarget, Disposable {
  private guarded: GuardedSession | undefined;
  private phase: 'waiting' | 'starting' | 'running' | 'failed' = 'waiting';
  private latestSize: { cols: number; rows: number } | undefined;
  private earlyInput: string[] = [];
  private earlyInputChars = 0;
  private problems: readonly string[];
  private readonly disposables = new DisposableStore();

  constructor(
    private readonly options: {
      config: RipcordConfig;
      log: Logger;
      reaper: Pick<ReaperClient, 'register' | 'killAll'>;
      host: ExitPathHost;
      router: Pick<ExitRouter, 'attach' | 'markStartFailed' | 'exiting'>;
      renderer: RendererChannel;
      /** problem lines (config, global shortcut) shown once in the window */
      problems: readonly string[];
      openExternal: (url: string) => Promise<void>;
    },
  ) {
    this.problems = options.problems;
  }

  getSettings(): RendererSettings {
    const { config } = this.options;
    // "Shown once": the first request gets the problems, a reload would not repeat them.
    const problems = [...this.problems];
    this.problems = [];
    return rendererSettings(config, problems);
  }

  resize(cols: number, rows: number): void {
    if (this.guarded) {
      this.guarded.resize(cols, rows);
      return;
    }
    this.latestSize = { cols, rows };
    if (this.phase !== 'waiting') return;
    this.phase = 'starting';
    this.start(cols, rows).catch((error: unknown) => this.failStart(String(error)));
  }

  input(data: string): void {
    if (this.guarded) {
      this.guarded.input(data);
      return;
    }
    if (this.phase !== 'starting') return; // no program, and none coming yet: nothing to type into
    if (this.earlyInputChars + data.length > MAX_EARLY_INPUT_CHARS) {
      this.options.log.warn('session.early-input-dropped', { chars: data.length });
      return;
    }
    this.earlyInput.push(data);
    this.earlyInputChars += data.length;
  }

  ack(chars: number): void {
    this.guarded?.ack(chars);
  }

  openLink(url: string): void {
    this.options.log.event('link.open', { url: url.slice(0, 200) });
    this.options.openExternal(url).catch((error: unknown) => this.options.log.warn('link.open-failed', { error: String(error) }));
  }

  dispose(): void {
    this.disposables.dispose();
  }

  private async start(cols: number, rows: number): Promise<void> {
    const { config, log, reaper, host, router } = this.options;
    const started = await GuardedSession.start({ config, log, reaper, host, cols, rows });
    if (!started.ok) {
      this.failStart(started.error);
      return;
    }
    const { guarded } = started;
    this.phase = 'running';
    this.guarded = this.disposables.add(guarded);
    this.disposables.add(guarded.onFlush(() => this.send(IpcChannel.flush, null)));
    this.disposables.add(guarded.onOutput((data) => this.send(IpcChannel.data, data)));
    this.disposables.add(guarded.onHint((hint) => this.send(IpcChannel.hint, hint satisfies HintState)));
    router.attach(guarded);
    if (router.exiting) return;
    if (this.latestSize && (this.latestSize.cols !== cols || this.latestSize.rows !== rows)) guarded.resize(this.latestSize.cols, this.latestSize.rows);
    const early = this.earlyInput;
    this.earlyInput = [];
    this.earlyInputChars = 0;
    for (const data of early) guarded.input(data);
  }

  /** The window stays and says why; closing it exits (DESIGN: errors as values, shown to the user). */
  private failStart(message: string): void {
    this.phase = 'failed';
    this.earlyInput = [];
    this.options.log.error('session.start-failed', { error: message });
    this.options.router.markStartFailed();
    this.send(IpcChannel.exit, { exitCode: START_FAILED_EXIT_CODE, message } satisfies SessionEnd);
  }

  /** Output can outlive the window by a moment (close → exit): sending to a dead page throws. */
  private send(channel: string, value: unknown): void {
    if (this.options.renderer.isDestroyed()) return;
    this.options.renderer.send(channel, value);
  }
}
