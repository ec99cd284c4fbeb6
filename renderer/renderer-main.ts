// The renderer bundle that ships (dist/renderer/renderer.js): the window's page (page.ts) and its
// styles. Nothing watches its terminals.
import '@xterm/xterm/css/xterm.css';
import './renderer.css';
import './search.css';
import './panels.css';
import './overlays.css';
import './panes.css';
import './settings.css';
import { startPage } from './page';

void startPage();
