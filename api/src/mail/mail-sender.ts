import { createTransport } from 'nodemailer';
import type { AppConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the product's e-mails through SMTP_URL, from MAIL_FROM. */
export interface MailSender {
  send(mail: Mail): Promise<void>;
}

/**
 * The sender for `SMTP_URL`, or null when none is configured. nodemailer reads the host, port,
 * credentials and TLS (`smtps://`: TLS from the start; `smtp://`: STARTTLS when offered) from the URL.
 */
export function createMailSender({ smtpUrl, mailFrom }: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>): MailSender | null {
  if (!smtpUrl) return null;
  const transport = createTransport(smtpUrl, { from: mailFrom });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}
