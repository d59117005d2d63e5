import type { AccountEventData } from '../accounts/events';
import type { SecondFactorEventData } from '../accounts/second-factor';
import type { EntryEventData } from '../entries/events';
import type { EvidenceEventData } from '../evidence/events';
import type { FormFieldEventData } from '../form-fields/events';
import type { NotificationEventData } from '../notifications/events';
import type { TargetEventData } from '../targets/events';
import type { XapiEventData } from '../xapi/events';

/** The data of every event the product appends, by event type (the features' event maps together). */
export interface ProductEventData
  extends
    AccountEventData,
    SecondFactorEventData,
    EntryEventData,
    EvidenceEventData,
    FormFieldEventData,
    TargetEventData,
    NotificationEventData,
    XapiEventData {}

export type ProductEventType = keyof ProductEventData;

/** One of the product's events (of `Type`, when given), discriminated by `type`. */
export type ProductEvent<Type extends ProductEventType = ProductEventType> = {
  [T in Type]: { type: T; data: ProductEventData[T] };
}[Type];

/** Every event type, once: the compiler refuses this list when a feature adds or drops a type. */
const EVERY_TYPE: { readonly [Type in ProductEventType]: true } = {
  UserRegistered: true,
  UserCreated: true,
  UserUpdated: true,
  UserDeleted: true,
  UserDeactivated: true,
  UserReactivated: true,
  PersonErased: true,
  PasswordChanged: true,
  TemporaryPasswordSet: true,
  PasswordResetRequested: true,
  PasswordResetCompleted: true,
  UserLoggedIn: true,
  UserLoggedOut: true,
  UserLoggedOutEverywhere: true,
  PersonalDataExported: true,
  SsoIdentityLinked: true,
  EmailConfirmationIssued: true,
  EmailConfirmed: true,
  AccountClaimed: true,
  PlacementConfirmed: true,
  SecondFactorEnabled: true,
  SecondFactorCodeUsed: true,
  RecoveryCodeUsed: true,
  SecondFactorDisabled: true,
  DepartmentCreated: true,
  DepartmentRenamed: true,
  DepartmentDeleted: true,
  EmailReserved: true,
  EmailReleased: true,
  DepartmentNameReserved: true,
  DepartmentNameReleased: true,
  EntryLogged: true,
  EntryEdited: true,
  EntryDeleted: true,
  EvidenceAttached: true,
  EvidenceRemoved: true,
  FormFieldAdded: true,
  FormFieldEdited: true,
  FormFieldDeleted: true,
  FormFieldReordered: true,
  FormFieldOptionAdded: true,
  FormFieldOptionEdited: true,
  FormFieldOptionDeleted: true,
  FormFieldNameReserved: true,
  FormFieldNameReleased: true,
  YearlyTargetCreated: true,
  YearlyTargetUpdated: true,
  UserTargetCreated: true,
  UserTargetUpdated: true,
  OrganisationNotificationSwitched: true,
  PersonNotificationSwitched: true,
  XapiClientCreated: true,
  XapiClientEnabled: true,
  XapiClientDisabled: true,
  XapiClientDeleted: true,
  XapiClientTrainingRulesSet: true,
};

export const PRODUCT_EVENT_TYPES = Object.keys(EVERY_TYPE) as readonly ProductEventType[];

type AnyEvent = { type: string };

/**
 * A type guard for the events of `types`: `events.filter(isEventOf('EntryLogged', 'EntryEdited'))`
 * keeps those events, typed (a stored event keeps its other fields: metadata, stream version...).
 * The event store upgrades older events on read (see ./upcasters.ts), so the data of a stored
 * event of a known type has its current shape.
 */
export function isEventOf<const Type extends ProductEventType>(...types: readonly Type[]) {
  const accepted = new Set<string>(types);
  return <Event extends AnyEvent>(event: Event): event is Event & ProductEvent<Type> => accepted.has(event.type);
}

/** True for an event of any of the product's types (see `isEventOf`). */
export const isProductEvent: <Event extends AnyEvent>(event: Event) => event is Event & ProductEvent = isEventOf(
  ...PRODUCT_EVENT_TYPES,
);
