import { CONFIG_SCHEMA } from './config-schema';
import { FILE_PROBLEM_KEY, validateConfig } from './config-validation';
import { type ConfigProblem, type RipcordConfig } from './config';

/** Keys whose entries are checked one by one (validateConfig drops a bad entry, not the map). */
const ENTRYWISE_KEYS = ['theme', 'env', 'profiles'] as const;

function isConfigKey(key: string): key is keyof RipcordConfig {
  return Object.hasOwn(CONFIG_SCHEMA.properties, key) && key !== '$schema';
}

/**
 * The settings file edited while ripcord runs: checked as at startup, except that a key with a
 * problem keeps the value it had before the edit instead of falling back to its default (a
 * typo in `fontSize` must not shrink the window's text), and a file that is not a JSON object
 * keeps them all. Never throws.
 */
export function validateEditedConfig(previous: RipcordConfig, raw: unknown): { config: RipcordConfig; problems: ConfigProblem[] } {
  const { config, problems } = validateConfig(raw);
  if (problems.some((problem) => problem.key === FILE_PROBLEM_KEY)) return { config: structuredClone(previous), problems };
  const edited = config as unknown as Record<string, unknown>;
  for (const { key } of problems) {
    const [top = '', entry] = key.split('.');
    if (!isConfigKey(top)) continue; // an unknown key: nothing to keep
    // a refused binding gives its action the table's keys: the one it had could clash with the new ones
    if (top === 'keybindings') continue;
    const map = ENTRYWISE_KEYS.find((name) => name === top);
    if (map !== undefined && entry !== undefined) {
      const kept = (previous[map] as Record<string, unknown>)[entry];
      const entries = config[map] as Record<string, unknown>;
      if (kept === undefined) delete entries[entry];
      else entries[entry] = kept;
    } else if (previous[top] === undefined) {
      delete edited[top];
    } else {
      edited[top] = structuredClone(previous[top]);
    }
  }
  return { config, problems };
}
