import { visibleLines } from '../main/core/visible-text';
import type { SessionEnd } from '../contracts/renderer';

/**
 * The line written into the terminal when the session ends (muted, on a fresh line). Bright
 * black rather than SGR 2: xterm's minimumContrastRatio lifts a color to a readable contrast,
 * while dim text is drawn at half opacity past it (axe flags it in the dark theme).
 */
export function sessionEndText(end: SessionEnd): string {
  const ended = [
    `session ended with code ${end.exitCode}`,
    ...(end.transcript ? [`its output is in ${end.transcript} (ripcord last)`] : []),
    ...(end.closesOnKey ? ['any key closes this pane'] : []),
  ];
  const message = end.message?.trim() ? end.message.trim() : ended.join(' · ');
  // a host message is text, never a sequence for the terminal
  const safe = visibleLines(message).replace(/\n/g, '\r\n');
  return `\r\n\x1b[0m\x1b[90m[ripcord] ${safe}\x1b[0m\r\n`;
}

/** Only http(s) links leave the terminal (DESIGN §7). */
export function isWebLink(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
