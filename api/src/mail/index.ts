/** The mail feature's public surface for other features. */
export { createMailSender, mailOrLogLink, type Mail, type MailSender } from './mail-sender';
