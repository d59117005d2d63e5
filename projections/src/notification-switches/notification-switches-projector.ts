import { isEventOf, type NotificationKind } from '@tht/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ProjectedEvent, Projector } from '../framework/projector';

/** The organisation's switch of a reminder kind, once an administrator changed it (a kind without a row is on). */
export interface OrganisationNotificationSwitchRow {
  kind: NotificationKind;
  enabled: boolean;
}

/** A person's own switch of a reminder kind, once they changed it (a kind without a row is on). */
export interface PersonNotificationSwitchRow {
  user_id: number;
  kind: NotificationKind;
  enabled: boolean;
}

export interface NotificationSwitchesTables {
  organisation_notification_switches: OrganisationNotificationSwitchRow;
  person_notification_switches: PersonNotificationSwitchRow;
}

type SwitchEvent = ProjectedEvent<'OrganisationNotificationSwitched' | 'PersonNotificationSwitched' | 'UserDeleted'>;

const isSwitchEvent = isEventOf('OrganisationNotificationSwitched', 'PersonNotificationSwitched', 'UserDeleted');

async function migrate(db: Kysely<NotificationSwitchesTables>, schema: string): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.organisation_notification_switches`)} (
    kind text PRIMARY KEY,
    enabled boolean NOT NULL
  )`.execute(db);
  // The monthly runs look the switched-off people up by kind (an anti-join over the whole organisation).
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.person_notification_switches`)} (
    user_id integer NOT NULL,
    kind text NOT NULL,
    enabled boolean NOT NULL,
    PRIMARY KEY (user_id, kind)
  )`.execute(db);
}

/** Switches change rarely (a person's few clicks), so one statement per event is enough. */
async function apply(trx: Transaction<NotificationSwitchesTables>, schema: string, event: SwitchEvent): Promise<void> {
  const table = trx.withSchema(schema);
  switch (event.type) {
    case 'OrganisationNotificationSwitched': {
      const { kind, enabled } = event.data;
      await table
        .insertInto('organisation_notification_switches')
        .values({ kind, enabled })
        .onConflict((conflict) => conflict.column('kind').doUpdateSet({ enabled }))
        .execute();
      return;
    }
    case 'PersonNotificationSwitched': {
      const { userId, kind, enabled } = event.data;
      await table
        .insertInto('person_notification_switches')
        .values({ user_id: userId, kind, enabled })
        .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet({ enabled }))
        .execute();
      return;
    }
    case 'UserDeleted':
      await table.deleteFrom('person_notification_switches').where('user_id', '=', event.data.userId).execute();
      return;
  }
}

/** The reminder switches (issue #31): the organisation's per kind, and each person's own. */
export const notificationSwitchesProjector: Projector<NotificationSwitchesTables> = {
  name: 'notification-switches',
  migrate,
  async project(trx, schema, events) {
    for (const event of events) {
      if (isSwitchEvent(event)) await apply(trx, schema, event);
    }
  },
};
