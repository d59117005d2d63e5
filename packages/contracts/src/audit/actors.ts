/**
 * Who acted in an event. The metadata names the signed-in user who caused it; an event no one
 * signed in caused is the system's (start-up, CLI runs), except two kinds of acts from signed-out
 * requests, known by the event's type:
 */

/**
 * The account holder's own acts, proven by the request itself (the password of a sign-in, the link
 * of a reset, their own registration, the provider's word at a single sign-on): their actor is that
 * person (`data.userId`). The server records it so (see `actingUserId`), and earlier events
 * recorded without it read the same. A new way to sign in or open one's own account adds its event
 * type here.
 */
export const HOLDER_ACT_TYPES: ReadonlySet<string> = new Set([
  'UserRegistered',
  'UserLoggedIn',
  'PasswordResetCompleted',
  'SsoIdentityLinked',
  'EmailConfirmed',
  'AccountClaimed',
  'SecondFactorCodeUsed',
  'RecoveryCodeUsed',
  // The one-click unsubscribe link of a reminder, signed for and mailed to its holder alone.
  'PersonNotificationSwitched',
]);

/** Acts anyone may ask for while signed out, for any account: a reset link for an address. */
export const VISITOR_ACT_TYPES: ReadonlySet<string> = new Set(['PasswordResetRequested']);

/** A visitor's act without a signed-in actor; one the operator made on the server (`requestedBy: 'operator'`) is the system's. */
export function isVisitorAct(event: { type: string; data: unknown }): boolean {
  return VISITOR_ACT_TYPES.has(event.type) && (event.data as { requestedBy?: unknown } | null)?.requestedBy !== 'operator';
}

/** How the audit names the organisation's directory (SCIM provisioning), recorded as the events' `actorKind`. */
export const DIRECTORY_ACTOR = 'The directory';

/** How the audit names a connected system whose xAPI statement logged or deleted an entry (`actorKind: 'connected-system'`). */
export const connectedSystemActor = (system: string) => `Connected system ${system}`;

/** How the audit names the actor of a visitor's act. */
export const SIGNED_OUT_VISITOR = 'Someone signed out';

const subjectOf = (data: unknown): number | null => {
  const userId = (data as { userId?: unknown } | null)?.userId;
  return typeof userId === 'number' ? userId : null;
};

/** The person who acted in `event`: the signed-in actor, else the account holder for their own acts, else null. */
export function actingUserId(event: { type: string; data: unknown; metadata: { actorId: string | null } }): number | null {
  if (event.metadata.actorId !== null) return Number(event.metadata.actorId);
  return HOLDER_ACT_TYPES.has(event.type) ? subjectOf(event.data) : null;
}
