/**
 * Environment variables ripcord sets in every session and that the settings' `env` cannot
 * replace: `RIPCORD=1` tells a program it runs inside ripcord, `RIPCORD_SESSION` names the
 * session (see main/platform/pty/session-env.ts for the id's form), `RIPCORD_OUTER_SESSIONS` the
 * sessions it was started inside.
 */
export const RIPCORD_OWNED_ENV_KEYS: readonly string[] = ['RIPCORD', 'RIPCORD_SESSION', 'RIPCORD_OUTER_SESSIONS'];

export function isRipcordOwnedEnvKey(key: string): boolean {
  return RIPCORD_OWNED_ENV_KEYS.includes(key);
}

/** One message per entry of the settings' `env` that names a key ripcord owns; those entries are ignored. */
export function ownedEnvKeyProblems(env: Readonly<Record<string, string>>): { key: string; message: string }[] {
  return Object.keys(env)
    .filter(isRipcordOwnedEnvKey)
    .map((key) => ({ key: `env.${key}`, message: 'is set by ripcord for every session and cannot be changed; this entry is ignored' }));
}
