/**
 * Debian's Chromium: Playwright's own browser download cannot work on these machines. The networking
 * flags stop Chromium's background calls, which the closed network refuses. Shared by
 * playwright.config.ts and the tests that launch a browser of their own.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
