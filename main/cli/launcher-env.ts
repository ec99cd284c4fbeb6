// bin/ripcord starts node without NODE_EXTRA_CA_CERTS (node would parse the file before any
// code runs, and ripcord opens no TLS connection) and hands the value over under another name.

/** The name bin/ripcord hands NODE_EXTRA_CA_CERTS over under. */
export const HANDED_OVER_CA_CERTS = 'RIPCORD_NODE_EXTRA_CA_CERTS';

/**
 * Puts back what bin/ripcord set aside, before anything is started: sessions, the desktop and
 * everything they start see the environment the user ran `ripcord` in.
 */
export function restoreLauncherEnv(env: NodeJS.ProcessEnv = process.env): void {
  const value = env[HANDED_OVER_CA_CERTS];
  if (value === undefined) return;
  delete env[HANDED_OVER_CA_CERTS];
  env.NODE_EXTRA_CA_CERTS ??= value;
}
