// The systemd user scope containment (DESIGN §4): where ripcord's own cgroup cannot take a
// child but a systemd user manager runs, the root starts in a transient delegated scope.
// systemd-run --scope registers its own pid as the scope and then execs the program, so the
// program's first instruction already runs inside the scope.

/** argv that runs the program (appended after it) in a new transient user scope named `unit`. */
export function systemdScopeLauncher(unit: string): string[] {
  return ['systemd-run', '--user', '--scope', '--quiet', '--collect', '-p', 'Delegate=yes', `--unit=${unit}.scope`, '--'];
}

/** Whether a `0::` cgroup path (from /proc/<pid>/cgroup) is the scope named `unit`. */
export function isScopeCgroup(cgroupPath: string, unit: string): boolean {
  return cgroupPath.endsWith(`/${unit}.scope`);
}
