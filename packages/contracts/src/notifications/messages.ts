import { NOTIFICATION_KINDS, type NotificationKind } from './kinds';

/** What each reminder is called on the Notifications tab, in the profile and in the mails. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  'behind-pace': 'Behind pace',
  team: 'Your team',
  'year-end': 'Year end',
  'certificate-expiring': 'Certificate expiring',
};

/** Who gets each reminder, and when. */
export const NOTIFICATION_KIND_DESCRIPTIONS: Readonly<Record<NotificationKind, string>> = {
  'behind-pace': 'Monthly, on the 1st: to each person whose hours are behind the on-track line of their target.',
  team: "Monthly, on the 1st: to each manager, their direct reports' progress in one table.",
  'year-end': '30 days before the fiscal year ends: to each person who has not reached their target.',
  'certificate-expiring': 'Daily: to each person whose certificate is valid until a date 60, 30 or 7 days away.',
};

/** Texts of the reminders' screens and calls, word for word. */
export const NOTIFICATION_MESSAGES = {
  unknownKind: `Kind must be one of ${NOTIFICATION_KINDS.join(', ')}`,
  enabledRequired: 'enabled must be true or false',
  invalidAsOf: 'asOf must be a real date written YYYY-MM-DD, in the years 1901 to 2099',
  userNotFound: 'User not found',
  tabTitle: 'Notifications',
  smtpNotConfigured: 'SMTP is not configured: no mail is sent',
  profileGroup: 'Reminders by e-mail',
  offForEveryone: 'Turned off for everyone by an administrator',
  runNow: 'Run now',
  neverRun: 'Never run',
  queued: (count: number) => `${count} ${count === 1 ? 'mail' : 'mails'} queued`,
  failedToSwitch: 'Failed to change the reminder',
  failedToRun: 'Failed to run the reminder',
} as const;
