// One log line as JSON: {"level","t","wall","pid", ...fields, "name"} — the shape `ripcord
// stats` reads (main/cli/stats.ts). Any value is written: Errors as {type, message,
// stack}, BigInts as decimal strings (JSON has no exact big integers), cycles as "[Circular]".

export interface LogLineBase {
  level: string;
  t: number;
  wall: string;
  pid: number;
}

/** Keys the line itself owns; a field with one of these names is written as `field.<name>`. */
const RESERVED = new Set(['level', 't', 'wall', 'pid', 'name']);

function jsonValue(value: unknown): string | undefined {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'bigint') return item.toString();
      if (item instanceof Error) return { type: item.name, message: item.message, stack: item.stack };
      if (typeof item === 'object' && item !== null) {
        if (seen.has(item)) return '[Circular]';
        seen.add(item);
      }
      return item;
    });
  } catch (error) {
    return JSON.stringify(`[unserializable: ${String(error)}]`);
  }
}

export function formatLogLine(base: LogLineBase, name: string, fields?: Record<string, unknown>): string {
  let line = `{"level":${JSON.stringify(base.level)},"t":${jsonValue(base.t)},"wall":${JSON.stringify(base.wall)},"pid":${base.pid}`;
  for (const [key, value] of Object.entries(fields ?? {})) {
    const json = jsonValue(value);
    if (json === undefined) continue; // undefined and functions, as JSON.stringify leaves them out
    line += `,${JSON.stringify(RESERVED.has(key) ? `field.${key}` : key)}:${json}`;
  }
  return `${line},"name":${JSON.stringify(name)}}\n`;
}
