/** The reminders' public surface for the app: their routes and description, the schedule and its table. */
export { describeNotificationsApi } from './notifications-openapi';
export { createNotificationsRouter } from './notifications-routes';
export { REMINDER_RUN_TABLES } from './reminder-runs';
export { startReminderSchedule } from './reminder-schedule';
