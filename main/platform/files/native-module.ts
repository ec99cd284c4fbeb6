// Loading one of our native modules (native/*): shipped beside the bundle (build/bundle.mjs copies
// each .node into dist/, and the package unpacks them from the asar); in a checkout, the build
// output of native/<dir>. N-API modules load unchanged in Node and in Electron.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Result } from '../../../contracts/result';

export type NativeLoaded<T> = Result<T>;

/** `file` (e.g. process_guard.node) from beside the bundle, else from native/<dir>/build/Release; what it is is for messages. */
export function loadNativeModule<T>(dir: string, file: string, what: string): NativeLoaded<T> {
  const candidates = [
    path.join(__dirname, file),
    ...[1, 2, 3].map((up) => path.join(__dirname, ...Array<string>(up).fill('..'), 'native', dir, 'build/Release', file)),
  ];
  const load = createRequire(__filename);
  const errors: string[] = [];
  for (const candidate of candidates) {
    try {
      return { ok: true, value: load(candidate) as T };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') errors.push(`${candidate}: ${String(error)}`);
    }
  }
  return { ok: false, error: `${what} is not built (${errors.join('; ') || `no ${file} in ${candidates.join(', ')}`}); npm ci builds it` };
}
