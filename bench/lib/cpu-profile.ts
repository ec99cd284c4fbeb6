// Where a page's time went: self time per function of a Chrome DevTools CPU profile
// (CDP Profiler.stop), heaviest first — what `npm run bench -- --profile` prints per run.
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
}

export async function selfTimes(file: string, top: number): Promise<SelfTime[]> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] as number);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').pop() ?? '';
    const name = `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
    // a sample's time is the delta to the next sample
    totals.set(name, (totals.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...totals.entries()]
    .map(([name, ms]) => ({ name, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}
