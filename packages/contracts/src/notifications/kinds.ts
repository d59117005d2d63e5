/**
 * The kinds of reminder the product mails (issue 31): each switched on or off by the admin for the
 * organisation and by each person for themselves, and each with its own one-click unsubscribe.
 */
export const NOTIFICATION_KINDS = ['behind-pace', 'team', 'year-end', 'certificate-expiring'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  NOTIFICATION_KINDS.includes(value as NotificationKind);
