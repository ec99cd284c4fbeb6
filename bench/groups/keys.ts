// The keys row (issue #28): an Esc key's latency through `ripcord run` beside the naive host,
// which forwards input without reading it. A build from before a change is measured with
// RIPCORD_DIST=<its dist> (docs/benchmarks.md).
import { alternateAll, ratioOf, type Plan } from '../lib/plan';
import { series, type ScenarioResult } from '../lib/report';
import { KEY_TIMEOUT_MS, runEscLatency } from '../scenarios/key-latency';

export async function benchKeys(plan: Plan): Promise<ScenarioResult[]> {
  const runs = await alternateAll({ ripcord: plan.keySessions, naive: plan.keySessions }, (kind) => runEscLatency(kind, plan.keyPresses));
  const ripcord = series(runs.ripcord.flat());
  const naive = series(runs.naive.flat());
  const ratio = ratioOf(ripcord.summary.median, naive.summary.median);
  return [
    {
      id: 'esc-key-run',
      title: "Esc key → the program's answer on the screen (`ripcord run`)",
      unit: 'ms',
      ripcord,
      naive,
      ratioLabel: 'ripcord/naive',
      ...(ratio === undefined ? {} : { ratio }),
      target: { text: 'not worse than before (issue #28): compare with RIPCORD_DIST=<older dist>', met: undefined },
      notes: [
        `${plan.keySessions} sessions × ${plan.keyPresses} presses per host, alternating; a python program in raw mode answers every ESC with a line`,
        "the time includes the answer's way back through the host's output path; the naive host forwards input unread",
        `a press unanswered within ${KEY_TIMEOUT_MS} ms counts at that time`,
      ],
    },
  ];
}
