import { notificationsRoutes, type NotificationKind } from '@tht/contracts';
import { useRead, useWrite } from '@tht/ui';

/** Each kind's switch, last run and outbox, and whether SMTP_URL is set. */
export const useAdminNotifications = () => useRead(notificationsRoutes.getAdminNotifications, {});

/** The mail of `kind` rendered with sample data; read only once the preview is opened (`kind` null until then). */
export const useNotificationPreview = (kind: NotificationKind | null) =>
  useRead(notificationsRoutes.previewNotification, kind ? { params: { kind } } : null);

/** Turns a kind on or off for everyone. */
export const useSwitchOrganisationNotification = () =>
  useWrite(
    notificationsRoutes.switchOrganisationNotification,
    ({ kind, enabled }: { kind: NotificationKind; enabled: boolean }) => ({
      params: { kind },
      body: { enabled },
    }),
  );

/** Runs a kind now (as of today) and answers how many mails it queued. */
export const useRunNotification = () =>
  useWrite(notificationsRoutes.runNotification, (kind: NotificationKind) => ({ params: { kind }, body: {} }));
