// The sh one-liners the session's root runs before the program (containment-spawn.ts): it joins
// its cgroup and stops, so no code of the program runs before the host continues it. Apart from
// containment-spawn.ts so that the bench's contained floor (bench/floor/host.ts) runs these very
// scripts without the rest of ripcord.

/** The shim's exit code when it cannot join the cgroup: outside what shells and signals use. */
export const JOIN_FAILED_EXIT_CODE = 218;
/**
 * `sh -c JOIN_SCRIPT ripcord-join <cgroup.procs> program args...`: joins, stops until the host
 * continues it (the reaper holds the cgroup by then), execs; "$@" keeps any argument intact.
 */
export const JOIN_SCRIPT = `{ echo $$ >"$1"; } 2>/dev/null || exit ${JOIN_FAILED_EXIT_CODE}; kill -STOP $$; shift; exec "$@"`;
/** `sh -c HOLD_SCRIPT ripcord-hold program args...`: stops until the host continues it. */
export const HOLD_SCRIPT = 'kill -STOP $$; exec "$@"';
