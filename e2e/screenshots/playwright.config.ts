// `npm run screenshots`: the pictures in README.md and docs/usage.md, taken of the real renderer
// through the browser harness (as the specs drive it). Not part of `npm test`: the files it
// matches (*.shots.ts) are no specs.
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.shots.ts',
});
