#!/usr/bin/env node
// The `ripcord` command. Everything lives in the dist/cli.js bundle (main/terminal/cli.ts).
const path = require('node:path');

const cli = path.join(__dirname, '..', 'dist', 'cli.js');
try {
  require.resolve(cli);
} catch {
  process.stderr.write(`ripcord: ${cli} is missing: run "npm ci" and "npm run build" first.\n`);
  process.exit(1);
}
require(cli);
