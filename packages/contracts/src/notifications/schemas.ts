import { z } from 'zod';
import { isValidEntryDate } from '../entries/dates';
import { NOTIFICATION_KINDS } from './kinds';
import { NOTIFICATION_MESSAGES as M } from './messages';

/** A kind in a path: one of the four. */
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: M.unknownKind });

/** `PUT .../notifications/{kind}`: turns the kind on or off. */
export const notificationSwitchBodySchema = z.object({ enabled: z.boolean({ error: M.enabledRequired }) });
export type NotificationSwitchBody = z.infer<typeof notificationSwitchBodySchema>;

/** `POST /api/admin/notifications/{kind}/run`: as of which day (default today); a missing body is `{}`. */
export const notificationRunBodySchema = z
  .object({ asOf: z.string({ error: M.invalidAsOf }).refine(isValidEntryDate, M.invalidAsOf).optional() })
  .optional()
  .transform((body) => body ?? {});
export type NotificationRunBody = z.infer<typeof notificationRunBodySchema>;

export const notificationRunResultSchema = z.object({ kind: notificationKindSchema, asOf: z.string(), queued: z.number().int() });
export type NotificationRunResult = z.infer<typeof notificationRunResultSchema>;

/** A kind's last run: when, as of which day, how many mails it queued, and whether the schedule or an administrator ran it. */
export const notificationLastRunSchema = z.object({
  at: z.string(),
  asOf: z.string(),
  queued: z.number().int(),
  trigger: z.enum(['schedule', 'admin']),
});

/** The outbox's mails of a kind: waiting, sent, given up on, and the latest failure. */
export const notificationOutboxSchema = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type NotificationOutbox = z.infer<typeof notificationOutboxSchema>;

export const adminNotificationKindSchema = z.object({
  kind: notificationKindSchema,
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  lastRun: notificationLastRunSchema.nullable(),
  outbox: notificationOutboxSchema,
});
export type AdminNotificationKind = z.infer<typeof adminNotificationKindSchema>;

/** `GET /api/admin/notifications`. */
export const adminNotificationsSchema = z.object({
  smtpConfigured: z.boolean(),
  kinds: z.array(adminNotificationKindSchema),
});
export type AdminNotifications = z.infer<typeof adminNotificationsSchema>;

/** A mail of a kind rendered with sample data, for the Notifications tab. */
export const notificationPreviewSchema = z.object({
  kind: notificationKindSchema,
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type NotificationPreview = z.infer<typeof notificationPreviewSchema>;

/** A person's switch of a kind, beside the organisation's (off there: no mail, whatever theirs). */
export const ownNotificationSchema = z.object({
  kind: notificationKindSchema,
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  organisationEnabled: z.boolean(),
});
export type OwnNotification = z.infer<typeof ownNotificationSchema>;
export const ownNotificationsSchema = z.array(ownNotificationSchema);
