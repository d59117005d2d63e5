import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isNotificationKind } from '@tht/contracts';
import type pg from 'pg';
import type { AppConfig } from '../config';
import { createMailSender, type MailSender } from '../mail';
import type { Logger } from '../platform/logger';
import {
  claimNext,
  failStale,
  markSent,
  markTryFailed,
  settleOrphans,
  waitAfterLastHandOver,
  type ClaimedMail,
} from './outbox-claims';
import { unsubscribeUrl } from './outbox-unsubscribe';

/** How often each API process looks for mails due. */
export const OUTBOX_POLL_MS = 1_000;
/** The wait before a failed mail's second try, doubled for each try after, up to LONGEST_RETRY_MS. */
export const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** Tries before a mail the server keeps refusing for now (4xx, no connection) is given up on: about four hours of them. */
export const MOST_TRIES = 8;
/** A queued mail not sent within this many days is given up on (queued while SMTP_URL was unset, a long outage). */
export const STALE_AFTER_DAYS = 7;
/** Serialises the senders of every process: one hands mails over at a time. */
const SENDER_LOCK = 'tht:outbox-sender';

export interface OutboxSenderOptions {
  pollMs?: number;
  firstRetryMs?: number;
}

export interface OutboxSender {
  /** Lets the mail being handed over finish and be marked, then stops. */
  stop(): Promise<void>;
}

type SenderSettings = Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'mailPerMinute' | 'publicUrl' | 'jwtSecret'>;

/** `<uuid@host of PUBLIC_URL>`: the same on every try of a mail, so a receiver can tell a repeat. */
const messageIdOf = (mail: ClaimedMail, publicUrl: string) => `<${mail.messageUuid}@${new URL(publicUrl).hostname}>`;

/** The one-click unsubscribe of RFC 8058 (and RFC 3834's mark of a mail no one typed). */
function headersOf(mail: ClaimedMail, config: SenderSettings): Record<string, string> {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (!isNotificationKind(mail.kind)) return headers;
  return {
    ...headers,
    'List-Unsubscribe': `<${unsubscribeUrl(config, mail.recipientUserId, mail.kind)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** A refusal for good (5xx): trying again would be refused again. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
};

export const retryDelayMs = (attempt: number, firstRetryMs: number) =>
  Math.min(firstRetryMs * 2 ** (attempt - 1), Math.max(LONGEST_RETRY_MS, firstRetryMs));

/**
 * Sends the outbox's mails through SMTP_URL in the background (null without it: nothing is sent,
 * mails stay queued). Every OUTBOX_POLL_MS each process tries to take the sender's lock (a session
 * advisory lock, freed by PostgreSQL when its connection or process dies); the one that has it
 * hands the due mails over one by one, evenly spaced at MAIL_PER_MINUTE, on that lock's connection,
 * so a run that lost the lock cannot mark anything. A failed try is retried with back-off; a server
 * that fails pauses this process's sending until the retry.
 */
export function startOutboxSender(
  pool: pg.Pool,
  config: SenderSettings,
  log: Logger,
  { pollMs = OUTBOX_POLL_MS, firstRetryMs = FIRST_RETRY_MS }: OutboxSenderOptions = {},
): OutboxSender | null {
  const sender = createMailSender(config, { pooled: true });
  if (!sender) return null;
  const spacingMs = 60_000 / config.mailPerMinute;
  const stopping = new AbortController();
  let pausedUntil = 0;
  let running: Promise<void> = Promise.resolve();
  let busy = false;

  const pause = (ms: number) =>
    sleep(ms, undefined, { signal: stopping.signal }).then(
      () => true,
      () => false,
    );

  /** Hands one mail over and marks how it went; false when the server failed for now (the run stops). */
  async function handOver(client: pg.ClientBase, runId: string, mail: ClaimedMail, mailer: MailSender): Promise<boolean> {
    try {
      const response = await mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdOf(mail, config.publicUrl),
        headers: headersOf(mail, config),
      });
      await markSent(client, mail, runId, response);
      return true;
    } catch (error) {
      const message = (error as Error).message;
      const givingUp = isPermanent(error) || mail.attempt >= MOST_TRIES;
      const retryInMs = givingUp ? null : retryDelayMs(mail.attempt, firstRetryMs);
      await markTryFailed(client, mail, runId, message, retryInMs);
      log.warn(
        `Mail #${mail.id} (${mail.kind}) not sent, try ${mail.attempt}: ${message}; ` +
          (retryInMs === null ? 'given up' : `trying again in ${Math.round(retryInMs / 1000)} s`),
      );
      // The server fails for now: no mail goes from this process until the retry.
      if (retryInMs !== null) pausedUntil = Date.now() + retryInMs;
      return retryInMs === null;
    }
  }

  /** Hands the due mails over while this process holds the lock on `client`. */
  async function run(client: pg.ClientBase): Promise<void> {
    const runId = randomUUID();
    const orphans = await settleOrphans(client);
    if (orphans.length > 0) log.warn(`Left mid-hand-over by a stopped process, so not sent again: mail #${orphans.join(', #')}`);
    const stale = await failStale(client, STALE_AFTER_DAYS);
    if (stale > 0) log.warn(`${stale} mails queued over ${STALE_AFTER_DAYS} days ago given up as out of date`);
    if (!(await pause(await waitAfterLastHandOver(client, spacingMs)))) return;
    let nextAt = 0;
    while (!stopping.signal.aborted) {
      if (!(await pause(nextAt - performance.now()))) return;
      const mail = await claimNext(client, runId);
      if (!mail) return;
      nextAt = performance.now() + spacingMs;
      const goOn = await handOver(client, runId, mail, sender!);
      if (!goOn) return;
    }
  }

  async function tick(): Promise<void> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
        SENDER_LOCK,
      ]);
      if (!rows[0]?.locked) return;
      try {
        await run(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [SENDER_LOCK]);
      }
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      // A connection that failed mid-run may still hold the lock: it is closed, which frees it.
      client.release(broken);
    }
  }

  const timer = setInterval(() => {
    if (busy || Date.now() < pausedUntil || stopping.signal.aborted) return;
    busy = true;
    running = tick()
      .catch((error: unknown) => log.error('Sending the outbox failed; trying again shortly', error))
      .finally(() => {
        busy = false;
      });
  }, pollMs);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
      sender.close();
    },
  };
}
