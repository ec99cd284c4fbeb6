import { visibleText } from '../core/visible-text';
import { LogEvent } from '../core/log-events';
import { isWaylandSession, OTHER_WAYS_OUT } from '../core/display-session';
import { keyPlatformOf, parseKey } from '../core/keys';
import type { GlobalShortcut } from 'electron';
import type { Logger } from '../platform/log/log';

export type ShortcutRegistration = { ok: true } | { ok: false; problem: string; reason: string };

/**
 * The configurable "get me out" shortcut of DESIGN §3, active even when the window has no focus.
 * A shortcut that cannot be registered (taken by another app, a desktop without global
 * shortcuts such as many Wayland compositors, a malformed accelerator) is never fatal: it is
 * logged and returned as a problem line for the window to show once.
 */
export function registerExitShortcut(options: {
  shortcuts: Pick<GlobalShortcut, 'register'>;
  accelerator: string | null;
  onPress: () => void;
  log: Pick<Logger, 'event' | 'warn'>;
}): ShortcutRegistration {
  const { shortcuts, accelerator, onPress, log } = options;
  if (accelerator === null) {
    log.event(LogEvent.shortcutOff);
    return { ok: true };
  }
  // the keys' one parser (main/core/keys.ts), as the settings checked it and the keybindings are read
  const parsed = parseKey(accelerator, keyPlatformOf(process.platform));
  if (!parsed.ok) return refused(`not a valid accelerator (${parsed.error})`);
  let registered: boolean;
  let reason = isWaylandSession(process.env, process.platform)
    ? 'this Wayland desktop did not grant it through its GlobalShortcuts portal (no portal, or the request was declined)'
    : 'taken by another application, or this desktop does not offer global shortcuts';
  try {
    registered = shortcuts.register(accelerator, onPress);
  } catch (error) {
    // Electron throws on an accelerator it cannot parse.
    registered = false;
    reason = `not a valid accelerator (${error instanceof Error ? error.message : String(error)})`;
  }
  if (registered) {
    log.event(LogEvent.shortcutRegistered, { accelerator });
    return { ok: true };
  }
  return refused(reason);

  function refused(why: string): ShortcutRegistration {
    log.warn(LogEvent.shortcutFailed, { accelerator, reason: why });
    return {
      ok: false,
      reason: why,
      problem: visibleText(`global shortcut ${accelerator}: could not be registered: ${why}; ${OTHER_WAYS_OUT}`),
    };
  }
}

/**
 * The exit shortcut as the settings name it, kept up to date with edits of the settings file: a
 * new accelerator replaces the old one only once it is registered itself, so there is never a
 * moment without one, and one that cannot be registered leaves the old one in place (and says so).
 */
export class ExitShortcut {
  private active: string | null = null;

  constructor(
    private readonly shortcuts: Pick<GlobalShortcut, 'register' | 'unregister'>,
    private readonly onPress: () => void,
    private readonly log: Pick<Logger, 'event' | 'warn'>,
  ) {}

  /** The accelerator registered now (null: none). */
  get accelerator(): string | null {
    return this.active;
  }

  /** Registers `accelerator` (null: none) in place of the current one. */
  update(accelerator: string | null): ShortcutRegistration {
    if (accelerator === this.active) return { ok: true };
    const registered = registerExitShortcut({ shortcuts: this.shortcuts, accelerator, onPress: this.onPress, log: this.log });
    if (!registered.ok) {
      if (this.active === null) return registered;
      const problem = `global shortcut ${accelerator}: could not be registered: ${registered.reason}; ${this.active} stays the global shortcut`;
      return { ...registered, problem: visibleText(problem) };
    }
    if (this.active !== null) this.shortcuts.unregister(this.active);
    this.active = accelerator;
    return registered;
  }
}
