// docs/usage.md's key list, drawn from the action table (main/core/actions.ts) and the widgets'
// fixed keys (main/core/keys.ts): `npm run schema` writes it between the markers, and
// docs-usage-keys.test.ts fails when the doc differs from what this renders.
import { ACTION_IDS, ACTIONS, Keymap, type KeyPlace } from '../main/core/actions';
import { WIDGET_KEY_LABELS, type WidgetKey } from '../main/core/keys';

export const KEY_LIST_START = '<!-- the key list: generated from main/core/actions.ts by `npm run schema`; edit the table, not this -->';
export const KEY_LIST_END = '<!-- end of the key list -->';

const PLACES: Record<KeyPlace, string> = {
  terminal: 'the terminal',
  'process-view': 'the process view',
  notices: 'the recent notices',
  'start-failure': 'the start-failure panel',
  signals: 'the signals view',
};
const WIDGET_WORDS: Record<WidgetKey, string> = {
  dismiss: 'closes it, the keys back to the terminal',
  accept: 'runs or finds (the next match)',
  'accept-back': 'finds the previous match',
  next: 'the next item',
  previous: 'the previous item',
  first: 'the first item',
  last: 'the last item',
  left: 'the tab to the left',
  right: 'the tab to the right',
  tab: 'the next control',
  'tab-back': 'the previous control',
  activate: 'presses the focused button',
  'match-case': 'the find box: match case',
  'whole-word': 'the find box: whole word',
  regex: 'the find box: regular expression',
  delete: 'closes the focused tab',
  rename: 'renames the focused tab',
};

/** The markdown between the markers. */
export function usageKeyList(): string {
  const keymap = new Keymap({}, 'other');
  const rows = ACTION_IDS.map((id) => {
    const spec = ACTIONS[id];
    const keys = keymap.labels(id).join(' / ') || '(none: the palette runs it)';
    const where = spec.runs === 'main' ? 'the window (main, before the page)' : spec.places.map((place) => PLACES[place]).join(', ');
    return `| ${keys.replace(/\|/g, '\\|')} | ${spec.title} | \`${id}\` | ${where} |`;
  });
  const widgets = WIDGET_KEY_LABELS.map(([key, name]) => `| ${key} | ${WIDGET_WORDS[name]} |`);
  return [
    'Every action of the window, its default keys (Cmd for Ctrl on macOS where it says CmdOrCtrl in',
    'the table: the zoom keys), its id for the `keybindings` setting ([settings.md](settings.md)) and',
    'where its key is read. The command palette (Ctrl+Shift+P) lists them all with their keys as bound.',
    'Ctrl+C is not among them: it cancels, and twice quits, and no binding can take it.',
    '',
    '| key | action | id | where |',
    '|---|---|---|---|',
    ...rows,
    '',
    'Inside the palette, the menus, the find box, the process view, the notices and the tab bar:',
    '',
    '| key | what it does |',
    '|---|---|',
    ...widgets,
  ].join('\n');
}

/** `doc` with its key list replaced by the one the table renders; undefined when the markers are missing. */
export function withKeyList(doc: string): string | undefined {
  const start = doc.indexOf(KEY_LIST_START);
  const end = doc.indexOf(KEY_LIST_END);
  if (start < 0 || end < start) return undefined;
  return `${doc.slice(0, start + KEY_LIST_START.length)}\n${usageKeyList()}\n${doc.slice(end)}`;
}
