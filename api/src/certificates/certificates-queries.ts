import type { ExpiringCertificate } from '@tht/contracts';
import type pg from 'pg';
import { READ_MODEL_SCHEMA } from 'projections';

const ENTRIES = `${READ_MODEL_SCHEMA}.entries`;
const USERS = `${READ_MODEL_SCHEMA}.users`;
const DEPARTMENTS = `${READ_MODEL_SCHEMA}.departments`;

/** Which certificates `expiringCertificates` lists. */
export interface ExpiringCertificatesQuery {
  /** The day the days left count from, YYYY-MM-DD (the server's today). */
  asOf: string;
  /** Certificates valid until at most this many days after `asOf` (a certificate is valid through its date). */
  days: number;
  /** Also those that expired at most this many days before `asOf`; 0, the default: none that has expired. */
  expiredWithinDays?: number;
  /** Only these people (a manager's reports, one person); every active account when absent. */
  userIds?: readonly number[];
  /** Only the people now in this department; an unknown id lists no one. */
  departmentId?: number;
}

/** The ISO date `days` after (or before, when negative) the ISO date `day`. */
export function shiftIsoDate(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * A certificate is a person's training of one name (compared trimmed and ignoring case); the entry
 * that counts is their latest of that name by date (then by id), so logging a renewal (a later
 * date) takes the one it renews off the list, whatever the renewal's own "Valid until". The
 * partial index on `valid_until` finds the entries in the window, and each is checked for a renewal
 * with one probe of `entries_training_key_idx` (user, trimmed lower-case name, date, id): a lateral
 * join, since an anti-join would hash every entry of the organisation. Leavers (deactivated
 * accounts) are left out.
 */
const EXPIRING_TEXT = `SELECT e.user_id AS "userId", u.first_name || ' ' || u.last_name AS name, u.department,
    e.id AS "entryId", e.training_name AS "trainingName", e.valid_until AS "validUntil",
    (e.valid_until::date - $1::date) AS "daysLeft"
  FROM ${ENTRIES} e
  JOIN ${USERS} u ON u.id = e.user_id AND u.deactivated_at IS NULL
  LEFT JOIN LATERAL (
    SELECT true AS found FROM ${ENTRIES} later
    WHERE later.user_id = e.user_id AND (later.date, later.id) > (e.date, e.id)
      AND lower(btrim(later.training_name)) = lower(btrim(e.training_name))
    LIMIT 1
  ) renewal ON true
  WHERE e.valid_until >= $2 AND e.valid_until <= $3
    AND ($4::int4[] IS NULL OR e.user_id = ANY($4::int4[]))
    AND ($5::int4 IS NULL OR u.department = (SELECT d.name FROM ${DEPARTMENTS} d WHERE d.id = $5::int4))
    AND renewal.found IS NULL
  ORDER BY e.valid_until, u.last_name, u.first_name, e.user_id, e.id`;

/**
 * The certificates whose "Valid until" falls in the window (`asOf` minus `expiredWithinDays` to
 * `asOf` plus `days`), soonest first: the HR list, a person's own, a manager's team and the
 * "Certificate expiring" reminders all read them here.
 */
export async function expiringCertificates(pool: pg.Pool, query: ExpiringCertificatesQuery): Promise<ExpiringCertificate[]> {
  const { asOf, days, expiredWithinDays = 0, userIds, departmentId } = query;
  if (userIds?.length === 0) return [];
  const { rows } = await pool.query<ExpiringCertificate>(EXPIRING_TEXT, [
    asOf,
    shiftIsoDate(asOf, -expiredWithinDays),
    shiftIsoDate(asOf, days),
    userIds ?? null,
    departmentId ?? null,
  ]);
  return rows;
}
