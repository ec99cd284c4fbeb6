import { describe, expect, it } from 'vitest';
import { applicationMenu } from './app-menu';

describe('application menu', () => {
  it.each(['linux', 'win32'] as const)('is absent on %s, so no accelerator steals a terminal key', (platform) => {
    expect(applicationMenu(platform)).toBeNull();
  });

  it('on macOS has Cmd+Q (app menu), copy and paste, and nothing that reloads or closes the page', () => {
    const menu = applicationMenu('darwin');
    expect(menu).toEqual([{ role: 'appMenu' }, { label: 'Edit', submenu: [{ role: 'copy' }, { role: 'paste' }] }]);
  });
});
