import {
  NOTIFICATION_KINDS,
  ORGANISATION_NOTIFICATIONS_STREAM,
  personNotificationsStream,
  type NotificationKind,
} from '@tht/contracts';
import { READ_MODEL_SCHEMA, type ReadModelDb } from 'projections';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand } from '../platform/handle-command';
import { findUserById } from '../users';
import { organisationNotificationsDecider, personNotificationsDecider } from './notification-switches-decider';

/** Whether each kind is on: a kind without a switched row is on (decision 043). */
export type KindSwitches = Readonly<Record<NotificationKind, boolean>>;

function switchesOf(rows: readonly { kind: string; enabled: boolean }[]): KindSwitches {
  const off = new Set(rows.filter((row) => !row.enabled).map((row) => row.kind));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as KindSwitches;
}

/** The organisation's switch of each kind (the administrator's). */
export async function organisationSwitches(db: ReadModelDb): Promise<KindSwitches> {
  return switchesOf(await db.withSchema(READ_MODEL_SCHEMA).selectFrom('organisation_notification_switches').selectAll().execute());
}

/** A person's own switch of each kind. */
export async function personSwitches(db: ReadModelDb, userId: number): Promise<KindSwitches> {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('person_notification_switches')
    .select(['kind', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
  return switchesOf(rows);
}

/** An administrator turns `kind` on or off for the whole organisation. */
export async function setOrganisationNotification(ctx: AppContext, kind: NotificationKind, enabled: boolean, actor: Actor) {
  await handleCommand(ctx, organisationNotificationsDecider, {
    stream: ORGANISATION_NOTIFICATIONS_STREAM,
    command: { type: 'SwitchNotification', kind, enabled },
    actor,
  });
}

/**
 * Turns `kind` on or off for person `userId`: from their profile, or (off) from the one-click
 * unsubscribe link of a mail, with no one signed in. 404 for an account that is not there.
 */
export async function setPersonNotification(
  ctx: AppContext,
  userId: number,
  kind: NotificationKind,
  enabled: boolean,
  actor: Actor,
) {
  const personExists = (await findUserById(ctx.db, userId)) !== undefined;
  await handleCommand(ctx, personNotificationsDecider, {
    stream: personNotificationsStream(userId),
    command: { type: 'SwitchNotification', userId, kind, enabled, personExists },
    actor,
  });
}
