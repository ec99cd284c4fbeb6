import { describe, expect, it } from 'vitest';
import { appFiles, unpackedDir } from './app-paths';

describe('app paths', () => {
  it('loads helper processes from app.asar.unpacked in a packaged app', () => {
    expect(unpackedDir('/opt/ripcord/resources/app.asar/dist')).toBe('/opt/ripcord/resources/app.asar.unpacked/dist');
    expect(unpackedDir('C:\\ripcord\\resources\\app.asar\\dist')).toBe('C:\\ripcord\\resources\\app.asar.unpacked\\dist');
  });

  it('leaves a development build and look-alike folders alone', () => {
    expect(unpackedDir('/work/main/dist')).toBe('/work/main/dist');
    expect(unpackedDir('/home/u/app.asar.backup/dist')).toBe('/home/u/app.asar.backup/dist');
  });

  it('keeps the page and preload inside the archive, the helpers outside', () => {
    expect(appFiles('/r/app.asar/dist')).toEqual({
      preload: '/r/app.asar/dist/preload.js',
      page: '/r/app.asar/dist/renderer/index.html',
      reaper: '/r/app.asar.unpacked/dist/reaper.js',
      watchdog: '/r/app.asar.unpacked/dist/watchdog.js',
      sessionHost: '/r/app.asar.unpacked/dist/session-host.js',
    });
  });
});
