/**
 * The staged kill's grace (DESIGN §4) unless the settings say otherwise: SIGHUP at once, SIGTERM
 * at half of it, SIGKILL at its end. Long enough for a program to save and quit on HUP or TERM,
 * short enough that a quit never leaves processes behind for long. The one default, for the
 * settings and for every staged kill (the reaper's, over a cgroup or a process scan).
 */
export const DEFAULT_KILL_GRACE_MS = 2_000;
