import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('API reference page (/api/docs)', () => {
  it('shows every tag and operation of the description, loading nothing from another site', async () => {
    const page = await newPage(browser);
    const requested: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/api/docs');
    await page.getByRole('button', { name: /POST \/api\/login Sign in/ }).waitFor();

    const description = (await (await page.request.get('/api/openapi.json')).json()) as {
      tags: { name: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    for (const { name } of description.tags) {
      await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) }).count()).resolves.toBe(1);
    }
    const operations = Object.values(description.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
    await expect(page.locator('.opblock').count()).resolves.toBe(operations);
    expect(
      requested.filter((url) => new URL(url).origin !== baseUrl()),
      'requests to other sites',
    ).toEqual([]);
    expect(failed).toEqual([]);
  });
});
