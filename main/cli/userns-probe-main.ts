// dist/userns-probe.js: the launcher runs it in the Electron binary as Node and reads one JSON
// line (userns-probe.ts).
import { probeHere } from './userns-probe';

process.stdout.write(`${JSON.stringify(probeHere())}\n`);
