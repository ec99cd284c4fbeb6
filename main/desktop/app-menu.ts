import type { MenuItemConstructorOptions } from 'electron';
import { ACTIONS, Keymap, type Keybindings } from '../core/actions';

/**
 * The application menu, or none. Electron's default menu binds Ctrl+R (reload), Ctrl+W (close),
 * Ctrl+Shift+I and more — keys that belong to the program in the terminal (bash's history search,
 * delete-word) — so Linux and Windows get no menu at all. macOS keeps what its users expect and
 * DESIGN §3 counts on: Cmd+Q (→ before-quit → the exit path, code 0) and Cmd+C / Cmd+V. None of
 * those are Ctrl keys, so the terminal loses nothing.
 */
export function applicationMenu(
  platform: NodeJS.Platform,
  actions: { toggleProcesses(): void },
  bindings: Keybindings = {},
): MenuItemConstructorOptions[] | null {
  if (platform !== 'darwin') return null;
  // the process view's key as the action table binds it: the menu shows it, the page's key handler acts on it
  const key = new Keymap(bindings, 'mac').labels('toggleProcesses')[0];
  const shown: MenuItemConstructorOptions = key === undefined ? {} : { accelerator: key, registerAccelerator: false };
  return [
    { role: 'appMenu' },
    { label: 'Edit', submenu: [{ role: 'copy' }, { role: 'paste' }] },
    { label: 'View', submenu: [{ label: ACTIONS.toggleProcesses.title, ...shown, click: () => actions.toggleProcesses() }] },
  ];
}
