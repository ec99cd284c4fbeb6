// The reaper's first stage (DESIGN §4): a POSIX sh loop that holds from the instant the host
// spawns it — Node's start (docs/benchmarks.md#start) would otherwise compete with the session's
// start. It reads the host's commands from the same pipe, confirms each `contain` at once, and
// keeps every line. Any other command (`takeover`, `register`, `killall`, a bad line),
// the pipe's end (the host is gone) or a signal makes it exec the Node reaper in its own
// process — same pid, same pipes — which handles the kept lines first (`--replay`), then the
// rest of the pipe. So whatever happens to the host, the Node reaper runs the staged kill over
// what was contained, exactly as if it had read the pipe itself.

/**
 * `sh -c REAPER_STUB_SCRIPT ripcord-reaper NODE REAPER.JS ARGS...`. A broken pipe must not end
 * it (SIGPIPE ignored: a confirmation written as the host dies); a signal ends the loop like
 * the pipe's end does, and the Node reaper is told which (`--signal`) to shut down as it would.
 * A signal interrupts a waiting `read`; one that comes while a line is handled is seen by the
 * loop's test. sh has no way to close the gap between that test and the next `read`: a signal
 * landing exactly there is kept and ends the loop at the next line or the pipe's end.
 */
export const REAPER_STUB_SCRIPT = `trap '' PIPE
signal=
for s in TERM INT HUP; do trap "signal=SIG$s" "$s"; done
kept=
while [ -z "$signal" ] && IFS= read -r line; do
  kept="$kept$line
"
  case $line in
    'contain '*) c=\${line#contain }; printf 'contained %s\\n' "\${c%% *}" ;;
    'root '*|'release '*) ;;
    *) break ;;
  esac
done
exec "$@" --replay "$kept" \${signal:+--signal "$signal"}`;

/** argv that starts the stub, which later execs `node script args...`. */
export function reaperStubArgv(node: string, script: string, args: readonly string[]): string[] {
  return ['-c', REAPER_STUB_SCRIPT, 'ripcord-reaper', node, script, ...args];
}
