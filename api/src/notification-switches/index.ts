/**
 * The reminder switches' public surface: each kind on or off for the organisation and for each
 * person (the reminders' runs read them; the outbox's one-click unsubscribe link turns one off).
 */
export {
  organisationSwitches,
  personSwitches,
  setOrganisationNotification,
  setPersonNotification,
  type KindSwitches,
} from './notification-switches';
