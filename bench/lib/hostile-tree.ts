// The hostile child of DESIGN §9: a root that ignores SIGHUP, SIGINT and SIGTERM and starts
// 50 descendants that inherit the ignored signals — background jobs, nested jobs, a nohup
// one, setsid ones (new session) with children of their own, and a double-forked orphan.
// Only SIGKILL ends them. Run as `RIPCORD_BENCH_MARKER=… bash FILE` so all carry the marker.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** the root plus its 50 descendants, all of them `sleep` once started */
export const HOSTILE_PROCESSES = 51;
/** printed when every descendant was started */
export const HOSTILE_READY = 'hostile-ready';

const SCRIPT = `trap '' HUP INT TERM
for i in $(seq 1 20); do sleep 1000 & done
for i in $(seq 1 9); do ( sleep 1000 & exec sleep 1000 ) & done
nohup sleep 1000 >/dev/null 2>&1 &
for i in $(seq 1 5); do setsid bash -c 'sleep 1000 & exec sleep 1000' & done
( sleep 1000 & exit 0 ) &
echo ${HOSTILE_READY}
wait
`;

export async function writeHostileScript(dir: string): Promise<string> {
  const file = path.join(dir, 'hostile.sh');
  await writeFile(file, SCRIPT);
  return file;
}
