import type { PaneId } from '../../contracts/panes';
import type { SessionNotice } from '../../contracts/renderer';
import type { RipcordConfig } from '../core/config';

/** What a new pane runs: a profile of the settings, or (none) the `shell` setting. */
export interface PaneProfile {
  profile?: string;
}

/**
 * Which profile each pane of a window runs (issue #45, docs/settings.md#profiles): a new tab
 * the one asked for or the default one, a split its pane's; a name the settings no longer have
 * opens nothing and says so.
 */
export class PaneProfiles {
  private readonly byPane = new Map<PaneId, string>();

  constructor(private readonly config: () => RipcordConfig) {}

  known(profile: string | undefined): profile is string {
    return profile !== undefined && Object.hasOwn(this.config().profiles, profile);
  }

  /** The default profile, when `defaultProfile` names one the settings have. */
  defaultOne(): PaneProfile {
    const name = this.config().defaultProfile;
    return this.known(name) ? { profile: name } : {};
  }

  /** A new tab's profile (none asked: the default one), or the notice saying why no tab opens. */
  forTab(profile: string | undefined): { ok: true; start: PaneProfile } | { ok: false; notice: SessionNotice } {
    if (profile === undefined) return { ok: true, start: this.defaultOne() };
    if (this.known(profile)) return { ok: true, start: { profile } };
    return {
      ok: false,
      notice: {
        level: 'warning',
        title: `ripcord: no profile named ${JSON.stringify(profile)}`,
        lines: ["the settings' profiles changed: pick one from the tab bar's ˅ again"],
      },
    };
  }

  /** A split runs the profile of the pane it splits (one the settings still have). */
  forSplit(pane: PaneId): PaneProfile {
    const profile = this.byPane.get(pane);
    return this.known(profile) ? { profile } : {};
  }

  /** The profile starts in a folder of its own (not where the focused pane is). */
  hasOwnCwd(start: PaneProfile): boolean {
    return start.profile !== undefined && this.config().profiles[start.profile]?.cwd !== undefined;
  }

  set(pane: PaneId, start: PaneProfile): void {
    if (start.profile !== undefined) this.byPane.set(pane, start.profile);
  }

  get(pane: PaneId): string | undefined {
    return this.byPane.get(pane);
  }

  delete(pane: PaneId): void {
    this.byPane.delete(pane);
  }

  /** Each pane's profile, as the layout tells the page. */
  all(): Record<PaneId, string> {
    return Object.fromEntries(this.byPane);
  }
}
