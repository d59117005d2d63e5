import type { NotificationKind } from './kinds';

/**
 * The reminder switches (issue #31, decision 043). The organisation's switch of each kind lives in
 * one stream, `notification-settings`; a person's own switches in `notification-preferences-<userId>`.
 * Each event states the switch after it; a kind no event has switched is on.
 */
export interface NotificationEventData {
  /** An administrator turned a kind on or off for everyone. */
  OrganisationNotificationSwitched: { kind: NotificationKind; enabled: boolean };
  /** A person (or their one-click unsubscribe link) turned a kind on or off for themselves. */
  PersonNotificationSwitched: { userId: number; kind: NotificationKind; enabled: boolean };
}

export type NotificationEventType = keyof NotificationEventData;

export type NotificationEvent = {
  [Type in NotificationEventType]: { type: Type; data: NotificationEventData[Type] };
}[NotificationEventType];

export const ORGANISATION_NOTIFICATIONS_STREAM = 'notification-settings';
export const personNotificationsStream = (userId: number) => `notification-preferences-${userId}`;
