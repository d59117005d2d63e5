import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { seedOrganisation, type Organisation } from './support/organisation';
import { walkScreens, type Stop } from './support/screens';

let browser: Browser;
let organisation: Organisation | undefined;
const sideways: string[] = [];
const violations: string[] = [];

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** How long a stop may take to stop overflowing after a change of width (the charts redraw for their new width). */
const SETTLE_MS = 1_500;

/** What scrolls sideways: the page wider than the window, or an open dialog wider than its box or the window. */
function sidewaysScrolling(): string[] {
  const window_ = window.innerWidth;
  const problems: string[] = [];
  const page = document.documentElement.scrollWidth;
  if (page > window_) {
    // What reaches the page's far edge (the innermost ones say why).
    const culprits = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right >= page - 1)
      .slice(-2)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    problems.push(`the page is ${page} px wide in a ${window_} px window (${culprits.join('; ')})`);
  }
  for (const dialog of document.querySelectorAll<HTMLElement>('[role=dialog], [role=alertdialog]')) {
    const name = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? 'a dialog';
    const { left, right } = dialog.getBoundingClientRect();
    if (dialog.scrollWidth > dialog.clientWidth)
      problems.push(`"${name}" holds ${dialog.scrollWidth} px in ${dialog.clientWidth} px`);
    if (left < 0 || right > window_) problems.push(`"${name}" spans ${Math.round(left)}-${Math.round(right)} px of ${window_} px`);
  }
  return problems;
}

async function checkWidth(page: Page, { screen, width }: Stop): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  let problems = await page.evaluate(sidewaysScrolling);
  while (problems.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(100);
    problems = await page.evaluate(sidewaysScrolling);
  }
  sideways.push(...problems.map((problem) => `${screen} at ${width.width} px: ${problem}`));
}

type AxeResults = { violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> };

async function checkAxe(page: Page, { screen, width }: Stop): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  // A dialog is checked alone: the page behind it was checked at the stop before. Only the
  // violations are collected: what passed is not needed.
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Element | Document, options: object): Promise<AxeResults> } }).axe.run(
      document.querySelector('[aria-modal="true"]') ?? document,
      { resultTypes: ['violations'] },
    ),
  );
  for (const { id, impact, help, nodes } of results.violations) {
    violations.push(
      `${screen} at ${width.width} px: ${id} (${impact}) ${help}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  organisation = await seedOrganisation();
  await walkScreens(browser, organisation, async (page, stop) => {
    await checkWidth(page, stop);
    await checkAxe(page, stop);
  });
}, 300_000);

afterAll(async () => {
  await organisation?.remove();
  await browser?.close();
});

describe('every screen and dialog, as each role sees it with data, at 1280 and 390 px', () => {
  it('never scrolls sideways (the charts’ tables for screen readers are clipped)', () => {
    expect(sideways).toEqual([]);
  });

  it('has no axe-core violation', () => {
    expect(violations).toEqual([]);
  });
});
