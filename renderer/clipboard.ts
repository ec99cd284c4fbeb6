import type { Terminal } from '@xterm/xterm';
import type { IClipboardProvider } from '@xterm/addon-clipboard';

/**
 * Copies the terminal's selection. `execCommand('copy')` runs inside the key press or
 * mouse-up that asked for it, so it needs no clipboard permission (the desktop window denies
 * permission requests); the async Clipboard API is only the fallback.
 */
export function copySelection(terminal: Terminal): void {
  const text = terminal.getSelection();
  if (text) copyText(text);
}

/** Copies `text` (a link from the context menu, a selection), the same way. */
export function copyText(text: string): void {
  const onCopy = (event: ClipboardEvent): void => {
    event.clipboardData?.setData('text/plain', text);
    event.preventDefault();
  };
  document.addEventListener('copy', onCopy, true);
  let copied: boolean;
  try {
    copied = document.execCommand('copy');
  } finally {
    document.removeEventListener('copy', onCopy, true);
  }
  // absent outside a secure context, which the DOM's types do not say
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!copied) clipboard?.writeText(text).catch((error: unknown) => console.warn('ripcord: copy failed', error));
}

/**
 * OSC 52 as the clipboard addon sees it, gated by the settings (DESIGN §7): a program may
 * write the clipboard only when allowClipboardWrite is on, and may never read it — a query
 * is answered with an empty clipboard, so nothing the user copied leaks into the session.
 */
export class GatedClipboardProvider implements IClipboardProvider {
  constructor(private readonly allowWrite: boolean) {}

  readText(): string {
    return '';
  }

  async writeText(_selection: string, text: string): Promise<void> {
    if (!this.allowWrite) return;
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.warn('ripcord: OSC 52 clipboard write failed', error);
    }
  }
}
