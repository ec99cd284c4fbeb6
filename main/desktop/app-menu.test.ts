import { describe, expect, it } from 'vitest';
import { applicationMenu } from './app-menu';

describe('application menu', () => {
  it.each(['linux', 'win32'] as const)('is absent on %s, so no accelerator steals a terminal key', (platform) => {
    expect(applicationMenu(platform, { toggleProcesses: () => undefined })).toBeNull();
  });

  it('on macOS has Cmd+Q (app menu), copy and paste, and nothing that reloads or closes the page', () => {
    const menu = applicationMenu('darwin', { toggleProcesses: () => undefined });
    expect(menu?.slice(0, 2)).toEqual([{ role: 'appMenu' }, { label: 'Edit', submenu: [{ role: 'copy' }, { role: 'paste' }] }]);
  });

  it("on macOS has View > Show the processes, with the table's key, which toggles the process view", () => {
    let toggled = 0;
    const menu = applicationMenu('darwin', { toggleProcesses: () => void (toggled += 1) });
    const view = menu?.find((item) => item.label === 'View');
    const processes = Array.isArray(view?.submenu) ? view.submenu[0] : undefined;
    expect(processes).toMatchObject({ label: 'Show the processes', accelerator: 'Ctrl+Shift+J', registerAccelerator: false });
    processes?.click?.({} as never, undefined, {});
    expect(toggled).toBe(1);
    const rebound = applicationMenu('darwin', { toggleProcesses: () => undefined }, { toggleProcesses: 'Cmd+Shift+O' })?.find(
      (item) => item.label === 'View',
    );
    expect(Array.isArray(rebound?.submenu) ? rebound.submenu[0] : undefined).toMatchObject({ accelerator: 'Cmd+Shift+O' });
  });
});
