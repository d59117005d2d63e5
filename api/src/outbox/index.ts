/** The outbox feature's public surface: queueing reminder mails, their unsubscribe links, the outbox's state. */
export { enqueueMails, migrateOutbox, outboxState, type OutboxKindState, type OutboxMail, type OutboxState } from './outbox-mails';
export { unsubscribeUrl, UNSUBSCRIBE_PATH } from './outbox-unsubscribe';
