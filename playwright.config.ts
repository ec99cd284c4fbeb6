import { defineConfig } from '@playwright/test';

/** The browser the harness specs drive; RIPCORD_BROWSER points them at another one. */
const browserPath = process.env.RIPCORD_BROWSER ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Specs spawn real ptys, tmux servers and browsers; on 2 cores one at a time is the honest choice.
  workers: 1,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: browserPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
