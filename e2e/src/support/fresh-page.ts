import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPage } from './browser';

/**
 * One browser for the calling test file (launched before its tests, closed after them) and a
 * maker of fresh pages in it: each test gets its own context, so nobody is signed in and local
 * storage is empty; the previous page's context is closed first. Call it at the file's top level.
 */
export function freshPages(): () => Promise<Page> {
  let browser: Browser;
  let currentPage: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  return async function freshPage(): Promise<Page> {
    await currentPage?.context().close();
    currentPage = await newPage(browser);
    return currentPage;
  };
}
