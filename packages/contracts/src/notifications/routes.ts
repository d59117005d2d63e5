import { defineRoutes } from '../routes/api-route';
import {
  adminNotificationsSchema,
  notificationKindSchema,
  notificationPreviewSchema,
  notificationRunBodySchema,
  notificationRunResultSchema,
  notificationSwitchBodySchema,
  ownNotificationSchema,
  ownNotificationsSchema,
  adminNotificationKindSchema,
} from './schemas';

const ADMIN_PATH = '/api/admin/notifications';
const OWN_PATH = '/api/account/notifications';
const KIND = { kind: notificationKindSchema };

/**
 * Reminders by mail (issue #31): the administrator's switches, runs and previews of each kind, and
 * each person's own switches.
 */
export const notificationsRoutes = defineRoutes({
  getAdminNotifications: {
    method: 'get',
    path: ADMIN_PATH,
    access: 'admin',
    responses: { 200: { schema: adminNotificationsSchema } },
  },
  switchOrganisationNotification: {
    method: 'put',
    path: `${ADMIN_PATH}/{kind}`,
    access: 'admin',
    params: KIND,
    body: notificationSwitchBodySchema,
    responses: { 200: { schema: adminNotificationKindSchema } },
    // The people's profiles show the organisation's switch beside their own.
    refreshes: ['notifications', 'ownNotifications'],
  },
  runNotification: {
    method: 'post',
    path: `${ADMIN_PATH}/{kind}/run`,
    access: 'admin',
    params: KIND,
    body: notificationRunBodySchema,
    responses: { 200: { schema: notificationRunResultSchema } },
    refreshes: ['notifications'],
  },
  previewNotification: {
    method: 'get',
    path: `${ADMIN_PATH}/{kind}/preview`,
    access: 'admin',
    params: KIND,
    responses: { 200: { schema: notificationPreviewSchema } },
  },
  getOwnNotifications: {
    method: 'get',
    path: OWN_PATH,
    access: 'signed-in',
    responses: { 200: { schema: ownNotificationsSchema } },
  },
  switchOwnNotification: {
    method: 'put',
    path: `${OWN_PATH}/{kind}`,
    access: 'signed-in',
    params: KIND,
    body: notificationSwitchBodySchema,
    responses: { 200: { schema: ownNotificationSchema } },
    refreshes: ['ownNotifications'],
  },
});
