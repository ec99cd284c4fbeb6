/**
 * How long the reaper waits between SIGTERM and SIGKILL (DESIGN §4) unless the settings say
 * otherwise: long enough for a program to save and quit on TERM, short enough that a quit
 * never leaves processes behind for long. The one default, for the settings and the reaper.
 */
export const DEFAULT_KILL_GRACE_MS = 2_000;
