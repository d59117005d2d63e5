import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signIn } from './support/browser';
import { accounts } from './support/test-product';

const { api, createAccount, signInToken } = accounts;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A certificate as a small PDF: stored and downloaded byte for byte. */
const CERTIFICATE = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** A photo of the certificate (a small JPEG, as a phone's browser sends even a HEIC photo). */
const PHOTO = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAMG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AoCLAAAP/2Q==',
  'base64',
);

/** What `click` downloads, as the browser saves it: its file name and bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

describe('evidence on an entry', () => {
  it('an employee attaches a PDF and a photo, sees the thumbnail and the paper-clip; the manager downloads the certificate', async () => {
    const manager = await createAccount('manager');
    const employee = await createAccount('employee', { managerId: manager.id });
    const course = `First Aid at Work ${randomUUID().slice(0, 6)}`;
    await api('POST', '/api/entries', await signInToken(employee.email, employee.password), {
      firstName: employee.firstName,
      lastName: employee.lastName,
      managerName: `${manager.firstName} ${manager.lastName}`,
      department: 'E2E Department',
      trainingName: course,
      date: `${new Date().getFullYear()}-01-15`,
      hours: 6,
    });

    const page = await newPage(browser);
    await signIn(page, employee);
    await page.getByRole('button', { name: `View ${course}` }).click();
    const details = page.getByRole('dialog', { name: 'Training Entry Details' });
    const evidence = details.getByRole('region', { name: 'Evidence' });
    await evidence.getByText('No files attached.').waitFor();
    await evidence.getByLabel('Attach files').setInputFiles([
      { name: 'First aid certificate.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE },
      { name: 'Certificate photo.jpg', mimeType: 'image/jpeg', buffer: PHOTO },
    ]);
    const files = evidence.getByRole('list', { name: 'Attached files' });
    await files.getByRole('listitem').nth(1).waitFor();
    expect(await files.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('First aid certificate.pdfPDF'),
      expect.stringContaining('Certificate photo.jpgJPEG'),
    ]);
    // The thumbnail is an image the browser loaded from the API (the sign-in cookie, the CSP's img-src).
    const thumbnail = files.getByRole('img', { name: 'Thumbnail of Certificate photo.jpg' });
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const own = await downloaded(page, () => files.getByRole('link', { name: 'Download First aid certificate.pdf' }).click());
    expect(own).toEqual({ name: 'First aid certificate.pdf', bytes: CERTIFICATE });

    await details.getByRole('button', { name: 'Close' }).click();
    const row = page.getByRole('row').filter({ hasText: course });
    await row.getByRole('img', { name: '2 files attached' }).waitFor();
    await page.context().close();

    const managerPage = await newPage(browser);
    await signIn(managerPage, manager);
    await managerPage.getByRole('tab', { name: 'Manager View', exact: true }).click();
    await managerPage.getByRole('button', { name: `${employee.firstName} ${employee.lastName}` }).click();
    const card = managerPage
      .getByRole('list', { name: `Training entries of ${employee.firstName} ${employee.lastName}` })
      .getByRole('article', { name: course });
    await card.getByRole('img', { name: '2 files attached' }).waitFor();
    const reportFiles = card.getByRole('region', { name: `Evidence of ${course}` });
    const certificate = await downloaded(managerPage, () =>
      reportFiles.getByRole('link', { name: 'Download First aid certificate.pdf' }).click(),
    );
    expect(certificate.name).toBe('First aid certificate.pdf');
    expect(sha256(certificate.bytes)).toBe(sha256(CERTIFICATE));
    const photo = await downloaded(managerPage, () =>
      reportFiles.getByRole('link', { name: 'Download Certificate photo.jpg' }).click(),
    );
    expect(photo.name).toBe('Certificate photo.jpg');
    expect(photo.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // a JPEG, re-encoded without metadata
    expect(await reportFiles.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    await managerPage.context().close();
  });
});
