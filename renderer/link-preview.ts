import { isWebLink } from './session-text';

/** What the user holds to open a link: Cmd on macOS, Ctrl elsewhere (as VS Code does). */
export function opensLink(event: Pick<MouseEvent, 'ctrlKey' | 'metaKey'>, mac: boolean): boolean {
  return mac ? event.metaKey : event.ctrlKey;
}

/**
 * The target as it will be opened: the parsed URL's own form, where controls, spaces and
 * bidi characters of a path are percent-encoded and a look-alike host shows as punycode — so
 * the text the program printed cannot make the preview say something else than the target.
 */
export function linkTarget(uri: string): string | undefined {
  if (!isWebLink(uri)) return undefined;
  return new URL(uri).href;
}

/**
 * Links (DESIGN §7): a link shows its target before it can be opened — hovering shows the URL
 * in a small overlay at the bottom of the window, and only Ctrl+click (Cmd+click on macOS)
 * opens it, http and https only. A plain click selects text as usual and opens nothing, so a
 * program cannot turn a misleading link text (OSC 8) into a one-click trip somewhere else.
 */
export class LinkPreview {
  private readonly element: HTMLElement;
  private readonly target: HTMLElement;
  private readonly how: HTMLElement;
  private hovered: string | undefined;

  constructor(
    parent: HTMLElement,
    private readonly open: (url: string) => void,
    private readonly mac = /Mac|iPhone|iPad/.test(navigator.platform),
  ) {
    this.element = document.createElement('div');
    this.element.className = 'ripcord-link-preview';
    this.element.setAttribute('role', 'status');
    this.element.hidden = true;
    this.target = document.createElement('span');
    this.target.className = 'ripcord-link-target';
    this.how = document.createElement('span');
    this.how.className = 'ripcord-link-how';
    this.element.append(this.target, this.how);
    parent.appendChild(this.element);
  }

  /** xterm's link callbacks, for both detected URLs and OSC 8 hyperlinks. */
  readonly handler = {
    activate: (event: MouseEvent, uri: string): void => this.activate(event, uri),
    hover: (_event: MouseEvent, uri: string): void => this.show(uri),
    leave: (): void => this.hide(),
  };

  /** The http(s) target of the link under the pointer (for the context menu), if any. */
  get linkUnderPointer(): string | undefined {
    return this.hovered;
  }

  private activate(event: MouseEvent, uri: string): void {
    const target = linkTarget(uri);
    if (target === undefined || !opensLink(event, this.mac)) return;
    this.open(target);
  }

  private show(uri: string): void {
    const target = linkTarget(uri);
    this.hovered = target;
    this.target.textContent = target ?? uri.slice(0, uri.indexOf(':') + 1) + '…';
    this.how.textContent = target === undefined ? 'only http and https links open' : `${this.mac ? 'Cmd' : 'Ctrl'}+click to open`;
    this.element.hidden = false;
  }

  private hide(): void {
    this.hovered = undefined;
    this.element.hidden = true;
  }
}
