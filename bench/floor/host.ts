// The contained floor alone (floor.ts):
//   [RIPCORD_FLOOR_CGROUP_PARENT=DIR] node floor-host.js -- PROGRAM ARGS...
import { programAfterSeparator } from '../lib/host-argv';
import { runFloor } from './floor';

const [file, ...args] = programAfterSeparator('floor-host');
runFloor({ file, args }, process.env.RIPCORD_FLOOR_CGROUP_PARENT);
