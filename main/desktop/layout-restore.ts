// restoreLayout's read at startup (issue #45): before the window exists, once — as the settings
// file's — so its few synchronous reads block no key (the window's keys do not exist yet).
import type { RipcordConfig } from '../core/config';
import { isDirectorySync, readLayoutFileSync, removeLayoutFile } from '../platform/files/layout-file';
import type { Logger } from '../platform/log/log';
import { parseSavedLayout, type SavedLayout, type SavedNode } from './saved-layout';

/**
 * Startup only, before the window exists: the saved layout to bring back, when restoreLayout is
 * on and one was saved. A folder that is gone is dropped (its pane starts where a new tab
 * would); a file that is no layout is logged and left. With restoreLayout off, a saved layout
 * is removed: nothing is kept that will not be used.
 */
export function layoutToRestore(config: RipcordConfig, file: string, log: Pick<Logger, 'event' | 'warn'>): SavedLayout | undefined {
  if (!config.restoreLayout) {
    void removeLayoutFile(file).catch((error: unknown) => log.warn('layout.remove-failed', { file, error: String(error) }));
    return undefined;
  }
  const read = readLayoutFileSync(file);
  if (!read.ok) {
    if (!read.missing) log.warn('layout.unusable', { file, problem: read.error });
    return undefined;
  }
  const parsed = parseSavedLayout(read.raw, config.maxPanes);
  if (!parsed.ok) {
    log.warn('layout.unusable', { file, problem: parsed.error });
    return undefined;
  }
  const tabs = parsed.value.tabs.map(function present(node: SavedNode): SavedNode {
    if (!('pane' in node)) return { ...node, first: present(node.first), second: present(node.second) };
    const { cwd, ...rest } = node.pane;
    return { pane: cwd !== undefined && isDirectorySync(cwd) ? { ...rest, cwd } : rest };
  });
  return { ...parsed.value, tabs };
}
