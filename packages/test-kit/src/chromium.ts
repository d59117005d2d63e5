import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); `npx playwright install` cannot download browsers here. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches Chromium headless; shared by the e2e tests and the browser benchmarks. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
