// What the launchers hand the CLI in its environment, taken out before anything is started:
// - bin/ripcord starts node without NODE_EXTRA_CA_CERTS (node would parse the file before any
//   code runs, and ripcord opens no TLS connection) and hands the value over under another name;
// - a package's `ripcord` command (build/linux/ripcord) runs the CLI in the package's Electron
//   with ELECTRON_RUN_AS_NODE=1 and names that Electron binary.

/** The name bin/ripcord hands NODE_EXTRA_CA_CERTS over under. */
export const HANDED_OVER_CA_CERTS = 'RIPCORD_NODE_EXTRA_CA_CERTS';
/** The name a package's `ripcord` command gives the package's Electron binary under. */
export const PACKAGED_ELECTRON = 'RIPCORD_PACKAGED_ELECTRON';

export interface LauncherFacts {
  /** the package's Electron binary, when the CLI runs from a package */
  packagedElectron: string | undefined;
}

/**
 * Puts back what the launcher set aside and takes out what it added, before anything is
 * started: sessions, the desktop and everything they start see the environment the user ran
 * `ripcord` in (ELECTRON_RUN_AS_NODE would make an Electron app started there run as Node).
 */
export function restoreLauncherEnv(env: NodeJS.ProcessEnv = process.env): LauncherFacts {
  const packagedElectron = env[PACKAGED_ELECTRON] || undefined;
  delete env[PACKAGED_ELECTRON];
  delete env.ELECTRON_RUN_AS_NODE;
  const value = env[HANDED_OVER_CA_CERTS];
  if (value !== undefined) {
    delete env[HANDED_OVER_CA_CERTS];
    env.NODE_EXTRA_CA_CERTS ??= value;
  }
  return { packagedElectron };
}
