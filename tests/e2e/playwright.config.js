// End-to-end tests: Debian's Chromium (never a downloaded browser) against the production build in dist/,
// served under a sub-path as GitHub Pages serves a project site.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

export const BASE_PATH = '/residual-ln/';
const PORT = Number(process.env.E2E_PORT ?? 4173); // another port lets two e2e runs share a machine
const repo = fileURLToPath(new URL('../..', import.meta.url));

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this machine's
// closed network refuses (docs/design/toolchain.md §8).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  timeout: 60_000,
  // the machine may be shared: an assertion waits up to 15 s for the page before it fails
  expect: { timeout: 15_000 },
  workers: 2,
  fullyParallel: true,
  reporter: [['list'], ['json', { outputFile: `${repo}/build/e2e-results.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}${BASE_PATH}`,
    // A new context's first load installs the service worker: every file of the build copied into its cache. The
    // specs that test it, and the whole chapter's CSP check, allow it (test.use); fixtures.js's warm tabs block it.
    serviceWorkers: 'block',
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', testMatch: /.*\.spec\.js/ },
    // timing-sensitive checks run last and alone, so no other test shares the two cores
    { name: 'responsiveness', testMatch: /.*\.perf\.js/, dependencies: ['chromium'], fullyParallel: false },
  ],
  webServer: {
    command: `node tests/e2e/serve.mjs --dir dist --base ${BASE_PATH} --port ${PORT}`,
    cwd: repo,
    url: `http://127.0.0.1:${PORT}${BASE_PATH}`,
    reuseExistingServer: false,
  },
});
