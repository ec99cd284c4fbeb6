import { describe, expect, it } from 'vitest';
import { restoreLauncherEnv } from './launcher-env';

describe('restoreLauncherEnv', () => {
  it("a package's command: takes out ELECTRON_RUN_AS_NODE and the Electron it names, and returns that Electron", () => {
    const env: NodeJS.ProcessEnv = { HOME: '/home/u', ELECTRON_RUN_AS_NODE: '1', RIPCORD_PACKAGED_ELECTRON: '/opt/ripcord/ripcord' };
    expect(restoreLauncherEnv(env)).toEqual({ packagedElectron: '/opt/ripcord/ripcord' });
    expect(env).toEqual({ HOME: '/home/u' });
  });

  it('bin/ripcord: puts NODE_EXTRA_CA_CERTS back, and names no packaged Electron', () => {
    const env: NodeJS.ProcessEnv = { RIPCORD_NODE_EXTRA_CA_CERTS: '/ca.pem' };
    expect(restoreLauncherEnv(env)).toEqual({ packagedElectron: undefined });
    expect(env).toEqual({ NODE_EXTRA_CA_CERTS: '/ca.pem' });
  });
});
