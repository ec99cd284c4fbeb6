import { describe, expect, it } from 'vitest';
import { validateConfig } from '../core/config-validation';
import { PaneProfiles } from './pane-profiles';

describe('PaneProfiles', () => {
  it("a new tab runs the one asked for or the default one; a split its pane's; a name the settings lost opens nothing", () => {
    let config = validateConfig({
      profiles: { fish: { program: '/usr/bin/fish' }, srv: { program: '/bin/bash', cwd: '/srv' } },
      defaultProfile: 'fish',
    }).config;
    const profiles = new PaneProfiles(() => config);
    expect(profiles.defaultOne()).toEqual({ profile: 'fish' });
    expect(profiles.forTab(undefined)).toEqual({ ok: true, start: { profile: 'fish' } });
    const srv = profiles.forTab('srv');
    expect(srv).toEqual({ ok: true, start: { profile: 'srv' } });
    expect(profiles.hasOwnCwd({ profile: 'srv' })).toBe(true);
    expect(profiles.hasOwnCwd({ profile: 'fish' })).toBe(false);
    profiles.set('3', { profile: 'srv' });
    expect(profiles.forSplit('3')).toEqual({ profile: 'srv' });
    expect(profiles.all()).toEqual({ 3: 'srv' });

    config = validateConfig({ profiles: { fish: { program: '/usr/bin/fish' } } }).config;
    expect(profiles.forSplit('3')).toEqual({});
    expect(profiles.defaultOne()).toEqual({});
    const gone = profiles.forTab('srv');
    expect(gone.ok).toBe(false);
    expect(!gone.ok && gone.notice.title).toBe('ripcord: no profile named "srv"');
    profiles.delete('3');
    expect(profiles.all()).toEqual({});
  });
});
