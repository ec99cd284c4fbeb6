// What every contender of a Ctrl+C row shares, the pages and the floor's bare pty alike: the
// renderer and flood of the row, the flood's command and the row that shows it on screen, and
// the grid the pages draw (the floor's pty takes the same, so bash writes for the same width).
export type Renderer = 'dom' | 'webgl';
export type Flood = 'yes' | 'color';

/** The flood commands, typed at the bash prompt; "color" puts seven SGR changes on every short line. */
export const FLOOD_COMMANDS: Record<Flood, string> = {
  yes: 'yes',
  color: "yes $'\\e[31mred \\e[32mgreen \\e[33myellow \\e[34mblue \\e[35mmagenta \\e[36mcyan \\e[1;37mbold\\e[0m plain'",
};
/** A row only the flood prints, to know it has reached the screen. */
export const FLOOD_ROW: Record<Flood, string> = { yes: 'y', color: 'red green yellow blue magenta cyan bold plain' };

/** The browser's window in the Ctrl+C and panes rows. */
export const VIEWPORT = { width: 1280, height: 800 };
/**
 * The grid the pages (ripcord's and the peer's, both fitted) draw in VIEWPORT, per renderer:
 * the WebGL renderer's cells are whole pixels. e2e/bench/contenders.spec.ts checks it.
 */
export const PAGE_GRID: Record<Renderer, { cols: number; rows: number }> = {
  dom: { cols: 148, rows: 48 },
  webgl: { cols: 156, rows: 48 },
};
