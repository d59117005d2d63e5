/** The reminders feature's public surface for other features (the outbox's unsubscribe link turns a kind off). */
export { organisationSwitches, personSwitches, setOrganisationNotification, setPersonNotification } from './notification-switches';
