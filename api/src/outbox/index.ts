/** The outbox feature's public surface: queueing reminder mails, their unsubscribe links, the outbox's state. */
export {
  enqueueMails,
  forgetMailsOf,
  migrateOutbox,
  outboxState,
  type OutboxKindState,
  type OutboxMail,
  type OutboxState,
} from './outbox-mails';
export { unsubscribeUrl } from './outbox-unsubscribe';
export { startOutboxSender, type OutboxSender } from './outbox-sender';
export { createUnsubscribeRouter } from './outbox-routes';
export { describeUnsubscribeApi } from './outbox-openapi';
