import { NOTIFICATION_MESSAGES as M, type NotificationEvent, type NotificationKind } from '@tht/contracts';
import { DomainError, type Decider } from '../platform/decider';

type OrganisationEvent = Extract<NotificationEvent, { type: 'OrganisationNotificationSwitched' }>;
type PersonEvent = Extract<NotificationEvent, { type: 'PersonNotificationSwitched' }>;

/** The kinds switched off on a stream; every other kind is on (decision 043). */
export type SwitchesState = ReadonlySet<NotificationKind>;

export interface SwitchNotification {
  type: 'SwitchNotification';
  kind: NotificationKind;
  enabled: boolean;
}

/** A person's switch; `personExists`: the account is there (read by the handler). */
export interface SwitchPersonNotification extends SwitchNotification {
  userId: number;
  personExists: boolean;
}

const isOn = (state: SwitchesState, kind: NotificationKind) => !state.has(kind);

function switched(state: SwitchesState, kind: NotificationKind, enabled: boolean): SwitchesState {
  const off = new Set(state);
  if (enabled) off.delete(kind);
  else off.add(kind);
  return off;
}

/** The organisation's switches (stream `notification-settings`): an administrator turns a kind on or off for everyone. */
export const organisationNotificationsDecider: Decider<SwitchesState, SwitchNotification, OrganisationEvent> = {
  initialState: () => new Set(),
  evolve: (state, event) => switched(state, event.data.kind, event.data.enabled),
  decide: ({ kind, enabled }, state) =>
    isOn(state, kind) === enabled ? [] : [{ type: 'OrganisationNotificationSwitched', data: { kind, enabled } }],
};

/** A person's own switches (stream `notification-preferences-<userId>`). */
export const personNotificationsDecider: Decider<SwitchesState, SwitchPersonNotification, PersonEvent> = {
  initialState: () => new Set(),
  evolve: (state, event) => switched(state, event.data.kind, event.data.enabled),
  decide: ({ userId, kind, enabled, personExists }, state) => {
    if (!personExists) throw new DomainError('not-found', M.userNotFound);
    return isOn(state, kind) === enabled ? [] : [{ type: 'PersonNotificationSwitched', data: { userId, kind, enabled } }];
  },
};
