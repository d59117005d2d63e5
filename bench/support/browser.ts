import type { Browser, BrowserContext } from 'playwright-core';

/**
 * A fresh browser context (empty cache and storage) already signed in: the token sits in local
 * storage under `authToken` before any page script runs, as it does for a returning user.
 */
export async function signedInContext(browser: Browser, baseUrl: string, authToken: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addInitScript((token) => localStorage.setItem('authToken', token), authToken);
  return context;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
