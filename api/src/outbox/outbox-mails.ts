import type { NotificationKind } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import { NOTIFICATION_KINDS } from '@tht/contracts';
import type { AppConfig } from '../config';

/**
 * The mails the product sends on its own (the reminders), kept in PostgreSQL, schema `outbox`: each
 * recorded here before it is sent and marked once the SMTP server took it (decision 042). Apart
 * from the event log: a mail is delivery bookkeeping, not a record of the organisation's; its
 * addresses and texts are cleared once it is sent or given up on.
 */
export const OUTBOX_SCHEMA = 'outbox';

/** A mail to queue: to whom, what, and a key naming it once (`behind-pace:2026-11:<userId>`). */
export interface OutboxMail {
  kind: NotificationKind;
  recipientUserId: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Unique per mail: a mail whose key was queued before is not queued again, so a repeated run queues nothing twice. */
  dedupeKey: string;
}

/** The outbox's schema and table (`CREATE ... IF NOT EXISTS`, serialised across processes starting at once). */
export async function migrateOutbox<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-outbox'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS outbox`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS outbox.mails (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      recipient_user_id integer NOT NULL,
      dedupe_key text NOT NULL UNIQUE,
      message_uuid uuid NOT NULL DEFAULT gen_random_uuid(),
      to_address text,
      subject text,
      text_body text,
      html_body text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'uncertain')),
      attempts integer NOT NULL DEFAULT 0,
      queued_at timestamptz NOT NULL DEFAULT now(),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      claimed_by uuid,
      claimed_at timestamptz,
      sent_at timestamptz,
      smtp_response text,
      last_error text,
      last_error_at timestamptz
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS mails_queued_idx ON outbox.mails (id) WHERE status = 'queued'`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS mails_sending_idx ON outbox.mails (id) WHERE status = 'sending'`.execute(trx);
  });
}

/** Queues `mails` in one statement; those whose dedupe key was queued before are left out. Returns how many were queued. */
export async function enqueueMails<Database>(db: Kysely<Database>, mails: readonly OutboxMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const column = <T>(pick: (mail: OutboxMail) => T) => mails.map(pick);
  const { numAffectedRows } =
    await sql`INSERT INTO outbox.mails (kind, recipient_user_id, to_address, subject, text_body, html_body, dedupe_key)
    SELECT * FROM unnest(${column((m) => m.kind)}::text[], ${column((m) => m.recipientUserId)}::int[], ${column((m) => m.to)}::text[],
      ${column((m) => m.subject)}::text[], ${column((m) => m.text)}::text[], ${column((m) => m.html)}::text[],
      ${column((m) => m.dedupeKey)}::text[])
    ON CONFLICT (dedupe_key) DO NOTHING`.execute(db);
  return Number(numAffectedRows ?? 0);
}

export const ERASED_RECIPIENT_MESSAGE = 'The recipient was erased before it was sent';

/** Erasure (decision 038): an erased person's mails not sent yet are given up, their address and texts gone. */
export async function forgetMailsOf<Database>(db: Kysely<Database>, userId: number): Promise<void> {
  await sql`UPDATE outbox.mails SET status = 'failed', last_error = ${ERASED_RECIPIENT_MESSAGE}, last_error_at = now(),
      to_address = NULL, subject = NULL, text_body = NULL, html_body = NULL
    WHERE recipient_user_id = ${userId} AND status = 'queued'`.execute(db);
}

/** The outbox's mails of a kind, as the Notifications tab shows them. */
export interface OutboxKindState {
  /** Waiting (a failed try included, until its next one) or being handed over now. */
  queued: number;
  sent: number;
  /** Given up on, or of uncertain fate after a crash mid-hand-over (not sent again: decision 042). */
  failed: number;
  /** The latest failure of this kind's mails and when (ISO 8601), or null. */
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface OutboxState {
  /** False without SMTP_URL: nothing is sent, mails stay queued. */
  smtpConfigured: boolean;
  kinds: Record<NotificationKind, OutboxKindState>;
}

interface KindRow {
  kind: string;
  queued: string;
  sent: string;
  failed: string;
  last_error: string | null;
  last_error_at: Date | null;
}

/** Counts per kind and the latest failure of each, and whether SMTP_URL is set, in one query. */
export async function outboxState<Database>(db: Kysely<Database>, config: Pick<AppConfig, 'smtpUrl'>): Promise<OutboxState> {
  const { rows } = await sql<KindRow>`SELECT kind,
      count(*) FILTER (WHERE status IN ('queued', 'sending')) AS queued,
      count(*) FILTER (WHERE status = 'sent') AS sent,
      count(*) FILTER (WHERE status IN ('failed', 'uncertain')) AS failed,
      (array_agg(last_error ORDER BY last_error_at DESC) FILTER (WHERE last_error_at IS NOT NULL))[1] AS last_error,
      max(last_error_at) AS last_error_at
    FROM outbox.mails GROUP BY kind`.execute(db);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const stateOf = (kind: NotificationKind): OutboxKindState => {
    const row = byKind.get(kind);
    return {
      queued: Number(row?.queued ?? 0),
      sent: Number(row?.sent ?? 0),
      failed: Number(row?.failed ?? 0),
      lastError: row?.last_error ?? null,
      lastErrorAt: row?.last_error_at?.toISOString() ?? null,
    };
  };
  return {
    smtpConfigured: config.smtpUrl !== null,
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stateOf(kind)])) as Record<NotificationKind, OutboxKindState>,
  };
}
