// `npm run bench` entry: builds the bench's bundles (bench/build.mjs), then runs the runner
// with the given arguments.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import './build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'results', '.build');

const child = spawn(process.execPath, ['--enable-source-maps', path.join(out, 'bench.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
