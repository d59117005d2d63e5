import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/** A fresh browser context (own local storage and cookies) with one page. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  return context.newPage();
}
