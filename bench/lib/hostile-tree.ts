// The hostile child of DESIGN §9: a root that ignores SIGHUP, SIGINT and SIGTERM and starts
// 50 descendants that inherit the ignored signals — background jobs, nested jobs, a nohup
// one, setsid ones (new session) with children of their own, a double-forked orphan, and
// the escapes of issue #11 (setsid -f, a daemon, a tmux server, a PID namespace).
// Only SIGKILL ends them. Run as `RIPCORD_BENCH_MARKER=… bash FILE` so all carry the marker.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * the root, its 50 descendants, and issue #11's escapes: setsid -f, an orphaned setsid, a
 * double-fork daemon, a tmux server with its pane, unshare -p (itself and its sleep), and a
 * forker's 5 setsid children
 */
export const HOSTILE_PROCESSES = 51 + 12;
/** printed when every descendant was started */
export const HOSTILE_READY = 'hostile-ready';

const SCRIPT = `trap '' HUP INT TERM
for i in $(seq 1 20); do sleep 1000 & done
for i in $(seq 1 9); do ( sleep 1000 & exec sleep 1000 ) & done
nohup sleep 1000 >/dev/null 2>&1 &
for i in $(seq 1 5); do setsid bash -c 'sleep 1000 & exec sleep 1000' & done
( sleep 1000 & exit 0 ) &
setsid -f sleep 1000
(setsid sleep 1000 </dev/null >/dev/null 2>&1 &)
sh -c 'sh -c "setsid sleep 1000 </dev/null >/dev/null 2>&1 &" &'
TMUX= tmux -L "ripcord-bench-$$" -f /dev/null new-session -d 'sleep 1000'
unshare -p -f --mount-proc sleep 1000 </dev/null >/dev/null 2>&1 &
sh -c 'i=0; while [ $i -lt 5 ]; do setsid sleep 1000 </dev/null >/dev/null 2>&1 & i=$((i+1)); done' </dev/null >/dev/null 2>&1 &
echo ${HOSTILE_READY}
wait
`;

export async function writeHostileScript(dir: string): Promise<string> {
  const file = path.join(dir, 'hostile.sh');
  await writeFile(file, SCRIPT);
  return file;
}
