/** The mail feature's public surface for other features. */
export { createMailSender, mailOrLogLink, type Mail } from './mail-sender';
