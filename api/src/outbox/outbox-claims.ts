import type pg from 'pg';

/**
 * The sender's steps on the outbox's rows, each one statement on the connection that holds the
 * sender's lock (decision 042). `queued` -> `sending` (claimed by a run, before a byte goes to the
 * SMTP server) -> `sent`, or back to `queued` with the next try's time, or `failed`. A row still
 * `sending` when a run starts was claimed by a run that died mid-hand-over: `uncertain`, never sent again.
 */

/** A claimed mail, ready to hand over. */
export interface ClaimedMail {
  id: string;
  kind: string;
  recipientUserId: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageUuid: string;
  /** This try's number, from 1. */
  attempt: number;
}

/** The columns holding a mail's addressee and texts: cleared once it is sent or given up on (personal data kept no longer than needed). */
const CLEAR_CONTENT = 'to_address = NULL, subject = NULL, text_body = NULL, html_body = NULL';

export const UNCERTAIN_MESSAGE =
  'The process sending this mail stopped while handing it to the SMTP server: it may have arrived, so it is not sent again';

/** Marks `uncertain` every mail a dead run left `sending`; returns their ids. */
export async function settleOrphans(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `UPDATE outbox.mails SET status = 'uncertain', last_error = $1, last_error_at = now(), ${CLEAR_CONTENT}
     WHERE status = 'sending' RETURNING id`,
    [UNCERTAIN_MESSAGE],
  );
  return rows.map(({ id }) => id);
}

/** Gives up on queued mails older than `days` (queued while SMTP_URL was unset, or the server failed for that long): stale news. */
export async function failStale(client: pg.ClientBase, days: number): Promise<number> {
  const { rowCount } = await client.query(
    `UPDATE outbox.mails SET status = 'failed', last_error = $2, last_error_at = now(), ${CLEAR_CONTENT}
     WHERE status = 'queued' AND queued_at < now() - make_interval(days => $1)`,
    [days, `Not sent within ${days} days of being queued: given up as out of date`],
  );
  return rowCount ?? 0;
}

/** Milliseconds until the next mail may go, `spacingMs` after the last one handed over by any run (by the database's clock). */
export async function waitAfterLastHandOver(client: pg.ClientBase, spacingMs: number): Promise<number> {
  const { rows } = await client.query<{ wait_ms: number | null }>(
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM (max(claimed_at) + make_interval(secs => $1::float8 / 1000) - now())) * 1000)::float8 AS wait_ms
     FROM outbox.mails WHERE claimed_at > now() - interval '1 hour'`,
    [spacingMs],
  );
  return rows[0]?.wait_ms ?? 0;
}

interface ClaimedRow {
  id: string;
  kind: string;
  recipient_user_id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_uuid: string;
  attempts: number;
}

/** Claims the oldest queued mail that is due for `runId`, or null when none is. */
export async function claimNext(client: pg.ClientBase, runId: string): Promise<ClaimedMail | null> {
  const { rows } = await client.query<ClaimedRow>(
    `UPDATE outbox.mails SET status = 'sending', claimed_by = $1, claimed_at = now(), attempts = attempts + 1
     WHERE id = (SELECT id FROM outbox.mails WHERE status = 'queued' AND next_attempt_at <= now() ORDER BY id LIMIT 1)
     RETURNING id, kind, recipient_user_id, to_address, subject, text_body, html_body, message_uuid, attempts`,
    [runId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    recipientUserId: row.recipient_user_id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    messageUuid: row.message_uuid,
    attempt: row.attempts,
  };
}

/** The SMTP server took the mail. */
export async function markSent(client: pg.ClientBase, mail: ClaimedMail, runId: string, smtpResponse: string): Promise<void> {
  await client.query(
    `UPDATE outbox.mails SET status = 'sent', sent_at = now(), smtp_response = $3, ${CLEAR_CONTENT}
     WHERE id = $1 AND claimed_by = $2`,
    [mail.id, runId, smtpResponse.slice(0, 500)],
  );
}

/** The try failed: queued again for `retryInMs` later, or, with null, given up on. */
export async function markTryFailed(
  client: pg.ClientBase,
  mail: ClaimedMail,
  runId: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  const message = error.slice(0, 500);
  if (retryInMs === null) {
    await client.query(
      `UPDATE outbox.mails SET status = 'failed', last_error = $3, last_error_at = now(), ${CLEAR_CONTENT}
       WHERE id = $1 AND claimed_by = $2`,
      [mail.id, runId, message],
    );
    return;
  }
  await client.query(
    `UPDATE outbox.mails SET status = 'queued', last_error = $3, last_error_at = now(),
       next_attempt_at = now() + make_interval(secs => $4::float8 / 1000)
     WHERE id = $1 AND claimed_by = $2`,
    [mail.id, runId, message, retryInMs],
  );
}
