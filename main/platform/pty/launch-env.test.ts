// The environment a session starts with when ripcord itself was started by Electron: recorded
// environments of each way it starts (the variables Electron 39 and electron-builder 26's AppImage
// runtime and AppRun set, with a user's own around them).
import { describe, expect, it } from 'vitest';
import { withoutDesktopLaunch } from './launch-env';
import { sessionEnvironment } from './session-env';

/** The user's shell, as `env` prints it in a GNOME Wayland session. */
const USER = {
  HOME: '/home/u',
  PATH: '/home/u/.local/bin:/usr/local/bin:/usr/bin:/bin',
  XDG_CURRENT_DESKTOP: 'ubuntu:GNOME',
  XDG_DATA_DIRS: '/usr/share/ubuntu:/usr/local/share/:/usr/share/',
  XDG_SESSION_TYPE: 'wayland',
  ELECTRON_MIRROR: 'https://mirror.example.invalid/electron/',
};

/** What Electron's main process adds or changes in its own environment, which the session host inherits. */
const ELECTRON_ADDS = {
  XDG_CURRENT_DESKTOP: 'Unity',
  ORIGINAL_XDG_CURRENT_DESKTOP: 'ubuntu:GNOME',
  CHROME_DESKTOP: 'ripcord.desktop',
};

/** `npm start` in a checkout: bin/ripcord → node → Electron. */
const NPM_START = { ...USER, ...ELECTRON_ADDS };
/** The .deb from the desktop entry: /opt/ripcord/bin/ripcord → ELECTRON_RUN_AS_NODE=1 cli.js → Electron. */
const DEB = { ...USER, ...ELECTRON_ADDS, ELECTRON_RUN_AS_NODE: '1', ELECTRON_NO_ATTACH_CONSOLE: '1' };
const APPDIR = '/tmp/.mount_ripcorAbC123';
/** The AppImage: its runtime mounts the image at APPDIR, AppRun adds its folders to the search paths. */
const APPIMAGE = {
  ...USER,
  ...ELECTRON_ADDS,
  APPIMAGE: '/home/u/Apps/ripcord-0.1.0.AppImage',
  APPDIR,
  OWD: '/home/u',
  ARGV0: './ripcord-0.1.0.AppImage',
  PATH: `${APPDIR}:${APPDIR}/usr/sbin:${USER.PATH}`,
  LD_LIBRARY_PATH: `${APPDIR}/usr/lib:${APPDIR}/usr/lib/x86_64-linux-gnu`,
  XDG_DATA_DIRS: `${APPDIR}/usr/share/:${USER.XDG_DATA_DIRS}`,
};

describe('withoutDesktopLaunch', () => {
  it("npm start: the user's desktop is back, Electron's variables are gone", () => {
    expect(withoutDesktopLaunch(NPM_START)).toEqual(USER);
  });

  it(".deb: ELECTRON_RUN_AS_NODE and Electron's other variables are gone, the user's ELECTRON_MIRROR stays", () => {
    expect(withoutDesktopLaunch(DEB)).toEqual(USER);
  });

  it('AppImage: its variables are gone and its folders are out of PATH, LD_LIBRARY_PATH and XDG_DATA_DIRS', () => {
    expect(withoutDesktopLaunch(APPIMAGE)).toEqual(USER);
  });

  it("a user's own LD_LIBRARY_PATH entries stay beside the AppImage's", () => {
    const env = withoutDesktopLaunch({ ...APPIMAGE, LD_LIBRARY_PATH: `${APPDIR}/usr/lib:/home/u/lib` });
    expect(env.LD_LIBRARY_PATH).toBe('/home/u/lib');
  });

  it("an entry that only starts with the AppImage's folder name stays", () => {
    expect(withoutDesktopLaunch({ ...APPIMAGE, PATH: `${APPDIR}-other/bin:/usr/bin` }).PATH).toBe(`${APPDIR}-other/bin:/usr/bin`);
  });

  it('XDG_CURRENT_DESKTOP is unset when Electron recorded it as "undefined"', () => {
    const { XDG_CURRENT_DESKTOP: _desktop, ...withoutDesktop } = USER;
    expect(withoutDesktopLaunch({ ...withoutDesktop, ...ELECTRON_ADDS, ORIGINAL_XDG_CURRENT_DESKTOP: 'undefined' })).toEqual(
      withoutDesktop,
    );
  });

  it('a shell environment is left as it is', () => {
    expect(withoutDesktopLaunch(USER)).toEqual(USER);
  });

  it("the desktop's session starts with the user's environment and its own terminal's variables", () => {
    const env = sessionEnvironment({ base: APPIMAGE, terminal: { TERM: 'xterm-256color' }, sessionId: '1-1' });
    expect(env).toEqual({ ...USER, TERM: 'xterm-256color', RIPCORD: '1', RIPCORD_SESSION: '1-1' });
  });
});
