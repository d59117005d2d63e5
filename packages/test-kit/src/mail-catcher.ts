import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { EMAIL_CONFIRMATION_PARAM } from '@tht/contracts';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the catcher received it: envelope recipients, headers' sender and subject, the plain text and HTML. */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The HTML part ('' when there is none). */
  html: string;
  /** Each header's value as sent (folded lines joined), by lower-case name: `headers['list-unsubscribe']`. */
  headers: Record<string, string>;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every mail received so far, oldest first. */
  mails: CaughtMail[];
  /** The first mail to `address` received after `since` mails, waited for up to `timeoutMs`. */
  mailTo(address: string, options?: { since?: number; timeoutMs?: number }): Promise<CaughtMail>;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /** Default: a free one. */
  port?: number;
  /** Called with each mail as it arrives. */
  onMail?: (mail: CaughtMail) => void;
}

const POLL_MS = 20;

/**
 * A real SMTP server in this process (`smtp-server`, plain SMTP on 127.0.0.1, any or no login
 * accepted) that parses every mail it receives (`mailparser`) and keeps it.
 */
export async function startMailCatcher({ port = 0, onMail }: MailCatcherOptions = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'anyone' }),
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail: CaughtMail = {
            to: session.envelope.rcptTo.map(({ address }) => address),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: headersOf(parsed.headerLines),
          };
          mails.push(mail);
          onMail?.(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    async mailTo(address, { since = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.slice(since).find(({ to }) => to.includes(address));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
        await sleep(POLL_MS);
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `Name: value` lines (as mailparser keeps them, folds included) as value by lower-case name. */
function headersOf(lines: readonly { key: string; line: string }[]): Record<string, string> {
  return Object.fromEntries(
    lines.map(({ key, line }) => [
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    ]),
  );
}

/** The first link of a mail's text that opens the reset page. */
export function resetLinkIn(mail: CaughtMail): URL {
  const link = /https?:\/\/\S+\/auth\?token=[0-9a-f]{64}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No reset link in the mail:\n${mail.text}`);
  return new URL(link);
}

/** The first link of a mail's text (or a log line) that opens the e-mail confirmation page. */
export function emailConfirmationLinkIn(text: string): URL {
  const link = new RegExp(`https?://\\S+/auth\\?${EMAIL_CONFIRMATION_PARAM}=[0-9]+\\.[0-9a-f]{64}`).exec(text)?.[0];
  if (!link) throw new Error(`No e-mail confirmation link in:\n${text}`);
  return new URL(link);
}
