// The desktop's session host process (Electron utilityProcess, DESIGN §1): main's commands on
// process.parentPort, the page's screen on the MessagePort main hands over with each page load
// (host-ports.ts).
import { parentLog } from './host-log';
import { guardSessionHost } from './host-guard';
import { PanePrograms } from './pane-programs';
import { hostChannels } from './host-ports';

const { parent, screen } = hostChannels(process.parentPort);
guardSessionHost(parentLog(parent));
// lives as long as the process: Electron ends it with the app
export const host = new PanePrograms(parent, screen);
