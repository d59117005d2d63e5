import {
  adminNotificationsSchema,
  NOTIFICATION_MESSAGES as M,
  notificationPreviewSchema,
  notificationsRoutes,
  ownNotificationSchema,
} from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the reminders' routes (`notificationsRoutes` in @tht/contracts). */
export const describeNotificationsApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    notificationsRoutes,
    {
      tag: {
        name: 'Notifications',
        description:
          'Reminders by mail: "behind-pace" and "team" monthly, "year-end" 30 days before the fiscal year ends, "certificate-expiring" 60, 30 and 7 days before a "Valid until" date. Each kind is switched by the administrator for everyone and by each person for themselves; every kind is on until switched off.',
      },
      schemas: {
        AdminNotifications: adminNotificationsSchema,
        NotificationPreview: notificationPreviewSchema,
        OwnNotification: ownNotificationSchema,
      },
      operations: {
        getAdminNotifications: {
          summary: "Each reminder kind's switch, last run and outbox",
          description: `Per kind: the organisation's switch, the latest finished run (by the schedule or an administrator) and the outbox's mails (queued, sent, failed, the latest failure). \`smtpConfigured\` is false without SMTP_URL ("${M.smtpNotConfigured}").`,
          responses: { 200: 'The reminder kinds' },
        },
        switchOrganisationNotification: {
          summary: 'Turn a reminder kind on or off for everyone',
          description: 'Off, no one gets it, whatever their own switch; a run of it queues nothing.',
          responses: { 200: "The kind's switch, last run and outbox" },
          errors: { 400: [M.unknownKind, M.enabledRequired] },
        },
        runNotification: {
          summary: 'Run a reminder kind now',
          description:
            'Composes and queues the mails of the kind as of `asOf` (default: today, UTC), to everyone it is due to who has not switched it off, and answers how many were queued. A mail queued before for the same period and person (a repeated run) is not queued again, so a second run of a period answers 0. Deactivated and erased people get nothing.',
          responses: { 200: 'How many mails were queued' },
          errors: { 400: [M.unknownKind, M.invalidAsOf] },
        },
        previewNotification: {
          summary: 'A reminder of a kind rendered with sample data',
          description:
            "The subject, the plain text and the HTML of the mail as its recipients get it, with sample names and figures as of today; its unsubscribe link is the viewer's own.",
          responses: { 200: 'The sample mail' },
          errors: { 400: [M.unknownKind] },
        },
        getOwnNotifications: {
          summary: "The signed-in person's reminder switches",
          description: "Each kind's own switch beside the organisation's (off there: no mail, whatever the person's).",
          responses: { 200: 'The switches' },
        },
        switchOwnNotification: {
          summary: 'Turn a reminder kind on or off for oneself',
          description: "The same switch as the mails' one-click unsubscribe link.",
          responses: { 200: 'The switch' },
          errors: { 400: [M.unknownKind, M.enabledRequired] },
        },
      },
    },
    settings,
  );
