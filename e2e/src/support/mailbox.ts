import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { emailConfirmationLinkIn, resetLinkIn, startMailCatcher, type CaughtMail, type MailCatcher } from '@tht/test-kit';

/**
 * The run's mailbox: a real SMTP server (smtp-server) in the global set-up's process, whose mails
 * are written as JSON files into a folder the tests (other processes) read. The product sends to
 * it through SMTP_URL. A product started outside the run (E2E_BASE_URL) must be given
 * `SMTP_URL=smtp://127.0.0.1:$E2E_SMTP_PORT`.
 */
export interface RunMailbox {
  smtpUrl: string;
  folder: string;
  stop(): Promise<void>;
}

export async function startRunMailbox(): Promise<RunMailbox> {
  const folder = mkdtempSync(join(tmpdir(), 'tht-e2e-mail-'));
  let received = 0;
  const catcher: MailCatcher = await startMailCatcher({
    port: Number(process.env.E2E_SMTP_PORT ?? 0),
    onMail: (mail) => writeFileSync(join(folder, `${String((received += 1)).padStart(6, '0')}.json`), JSON.stringify(mail)),
  });
  return {
    smtpUrl: catcher.url,
    folder,
    async stop() {
      await catcher.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const MAIL_TIMEOUT_MS = 10_000;

/** Every mail to `address` received so far, oldest first. */
export function mailsTo(address: string): CaughtMail[] {
  const folder = inject('mailFolder');
  return readdirSync(folder)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as CaughtMail)
    .filter(({ to }) => to.includes(address));
}

/**
 * The latest mail to `address` that `matches` (any, by default), waited for (up to `timeoutMs`).
 * On the first days of a month the product's schedule also mails reminders (decision 043), so a
 * test that waits for one kind of mail says which.
 */
export async function latestMailTo(
  address: string,
  timeoutMs = MAIL_TIMEOUT_MS,
  matches: (mail: CaughtMail) => boolean = () => true,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(address).filter(matches);
    if (mails.length > 0) return mails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No such mail to ${address} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Whether `read` finds what it looks for in a mail (it throws when it does not). */
const carrying =
  (read: (mail: CaughtMail) => unknown) =>
  (mail: CaughtMail): boolean => {
    try {
      read(mail);
      return true;
    } catch {
      return false;
    }
  };

const confirmationLinkOf = (mail: CaughtMail) => emailConfirmationLinkIn(mail.text);

/** The reset link of the latest mail to `address` that carries one, waited for. */
export const mailedResetLink = async (address: string): Promise<URL> =>
  resetLinkIn(await latestMailTo(address, MAIL_TIMEOUT_MS, carrying(resetLinkIn)));

/** The e-mail confirmation link of the latest mail to `address` that carries one (mailed at registration), waited for. */
export const mailedConfirmationLink = async (address: string): Promise<URL> =>
  confirmationLinkOf(await latestMailTo(address, MAIL_TIMEOUT_MS, carrying(confirmationLinkOf)));
