import { createConnection } from 'node:net';
import { EMAIL_CONFIRMATION_PARAM } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmationLinkIn, resetLinkIn, startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher';

/** Sends one plain mail over SMTP, one command per server reply, as the smallest client does. */
async function sendMail(url: string, { to, subject, text }: { to: string; subject: string; text: string }) {
  const { hostname, port } = new URL(url);
  const socket = createConnection(Number(port), hostname);
  const replies = socket.setEncoding('utf8')[Symbol.asyncIterator]();
  const say = async (line: string) => {
    socket.write(`${line}\r\n`);
    await replies.next();
  };
  await replies.next(); // the greeting
  await say('HELO test');
  await say('MAIL FROM:<tracker@example.com>');
  await say(`RCPT TO:<${to}>`);
  await say('DATA');
  await say(`From: tracker@example.com\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n${text}\r\n.`);
  socket.end('QUIT\r\n');
}

let catcher: MailCatcher;
const seen: CaughtMail[] = [];

beforeAll(async () => {
  catcher = await startMailCatcher({ onMail: (mail) => seen.push(mail) });
});

afterAll(() => catcher.close());

describe('the mail catcher', () => {
  it('keeps each mail it receives, parsed, and finds the one to an address', async () => {
    const token = 'a'.repeat(64);
    await sendMail(catcher.url, { to: 'ada@example.com', subject: 'Reset', text: `Open http://t.example/auth?token=${token}` });
    const mail = await catcher.mailTo('ada@example.com');
    expect(mail).toEqual({
      to: ['ada@example.com'],
      from: 'tracker@example.com',
      subject: 'Reset',
      text: expect.any(String),
      html: '',
      headers: expect.objectContaining({ subject: 'Reset', to: 'ada@example.com' }),
    });
    expect(seen).toEqual([mail]);
    expect(resetLinkIn(mail).href).toBe(`http://t.example/auth?token=${token}`);
  });

  it('waits for a mail sent after the ones already there, and gives up after its time', async () => {
    const since = catcher.mails.length;
    const waited = catcher.mailTo('grace@example.com', { since });
    await sendMail(catcher.url, { to: 'grace@example.com', subject: 'Hello', text: 'Hello' });
    expect((await waited).subject).toBe('Hello');
    await expect(catcher.mailTo('nobody@example.com', { timeoutMs: 50 })).rejects.toThrow('No mail to nobody@example.com');
  });
});

describe('emailConfirmationLinkIn', () => {
  it('finds the confirmation link in a text, and refuses a text without one', () => {
    const link = `https://t.example/auth?${EMAIL_CONFIRMATION_PARAM}=12.${'b'.repeat(64)}`;
    expect(emailConfirmationLinkIn(`Confirm: ${link} thanks`).href).toBe(link);
    expect(() => emailConfirmationLinkIn('nothing here')).toThrow('No e-mail confirmation link');
  });
});
