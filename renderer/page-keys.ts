// The page's side of the action table (main/core/actions.ts): the keymap the settings' bindings
// make, live, and what a key event is — one of the page's actions where it was read, or one of
// the widgets' keys. The page matches keys only through here.
import { ACTIONS, Keymap, isMainAction, type ActionId, type KeyPlace, type PageActionId } from '../main/core/actions';
import { browserPastes, pressOfEvent, widgetKey as widgetKeyOf, type WidgetKey } from '../main/core/keys';

export type { PageActionId, WidgetKey };

/** The window's keys, as the settings last said. */
export class PageKeys {
  private keymap: Keymap;

  constructor(
    bindings: Record<string, string | null>,
    private readonly platform = /^Mac/.test(navigator.platform) ? ('mac' as const) : ('other' as const),
  ) {
    this.keymap = new Keymap(bindings, platform);
  }

  update(bindings: Record<string, string | null>): void {
    this.keymap = new Keymap(bindings, this.platform);
  }

  /** The page action `event`'s key runs at `place`, or undefined. */
  action(event: KeyboardEvent, place: KeyPlace): PageActionId | undefined {
    const id = this.keymap.action(pressOfEvent(event), place);
    return id === undefined || isMainAction(id) ? undefined : id;
  }

  /** The keys of `id` as shown ("Ctrl+Shift+J"); the first is the one a hint names. */
  labels(id: ActionId): string[] {
    return this.keymap.labels(id);
  }

  /** The one key a hint or a button names for `id` ("Ctrl+Shift+J"), or how to reach it without one. */
  shown(id: ActionId): string {
    return this.keymap.labels(id)[0] ?? `the palette's "${ACTIONS[id].title}"`;
  }

  ariaShortcuts(id: ActionId): string {
    return this.keymap.ariaShortcuts(id);
  }
}

/** Whether this event of an action's key runs it: the key-down, and a repeat only where the action allows. */
export function runsOn(event: KeyboardEvent, id: ActionId): boolean {
  const spec: { once?: boolean } = ACTIONS[id];
  return event.type === 'keydown' && !(spec.once === true && event.repeat);
}

/** Which widget key `event` is, if any (Escape, Enter, arrows …). */
export function widgetKey(event: KeyboardEvent): WidgetKey | undefined {
  return widgetKeyOf(pressOfEvent(event));
}

/** The browser pastes by itself on this key: xterm's paste handler takes it from there. */
export function isBrowserPaste(event: KeyboardEvent): boolean {
  return browserPastes(pressOfEvent(event));
}
