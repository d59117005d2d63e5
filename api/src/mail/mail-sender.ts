import { createTransport } from 'nodemailer';
import type { AppConfig } from '../config';
import type { Logger } from '../platform/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** With it, the mail is multipart/alternative: the plain text and this HTML. */
  html?: string;
  /** `<unique@domain>`; nodemailer makes one when absent. */
  messageId?: string;
  /** Further header lines (List-Unsubscribe, ...). */
  headers?: Readonly<Record<string, string>>;
}

/** Sends the product's e-mails through SMTP_URL, from MAIL_FROM. */
export interface MailSender {
  /** Resolves to the SMTP server's answer once it took the mail (`250 ...`); rejects with its refusal (`responseCode`). */
  send(mail: Mail): Promise<string>;
  /** Closes the connections kept open (a pooled sender's). */
  close(): void;
}

/**
 * The sender for `SMTP_URL`, or null when none is configured. nodemailer reads the host, port,
 * credentials and TLS (`smtps://`: TLS from the start; `smtp://`: STARTTLS when offered) from the URL.
 */
export function createMailSender(
  { smtpUrl, mailFrom }: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
  { pooled = false }: { pooled?: boolean } = {},
): MailSender | null {
  if (!smtpUrl) return null;
  // Pooled: one connection kept open and reused, for a sender of many mails (the outbox).
  const transport = createTransport({ url: smtpUrl, pool: pooled, maxConnections: 1, maxMessages: Infinity }, { from: mailFrom });
  return {
    async send(mail) {
      const { response } = (await transport.sendMail(mail)) as { response: string };
      return response;
    },
    close: () => transport.close(),
  };
}

/** A link the product sends to the owner of an address: what it is (for the log) and its URL. */
export interface MailedLink {
  what: string;
  url: string;
}

/**
 * Mails `mail`, which carries `link`, through `sender`; without SMTP_URL (no sender) the link goes
 * to the server log (`warn`) for the operator to hand to its owner.
 */
export async function mailOrLogLink(sender: MailSender | null, log: Logger, mail: Mail, link: MailedLink): Promise<void> {
  if (sender) await sender.send(mail);
  else log.warn(`${link.what} for ${mail.to} (no SMTP_URL: hand it to its owner): ${link.url}`);
}
