/**
 * Monthly reminders benchmark (issue 31): the monthly run for an organisation of BENCH_PEOPLE
 * people (the test kit's sample organisation, 10,000, with BENCH_ENTRIES entries this year and
 * last, seeded by `npm run seed-organisation`). The product is started as `npm start` does, with
 * SMTP_URL pointing at a local SMTP server (`smtp-server`, the test kit's mail catcher, which
 * parses and counts) and MAIL_PER_MINUTE at its most, so the outbox goes as fast as it can. The
 * admin runs the two monthly kinds (`POST /api/admin/notifications/{behind-pace,team}/run`: the
 * mails composed and queued), then the outbox hands them over. Prints the run's time, the
 * sending's time and mails/s, the API process's resident memory before and at its peak, and the
 * load average (figures on a busy machine are not comparable).
 *
 * Run: `npm run bench:reminders`. Sizes: BENCH_PEOPLE (10000), BENCH_ENTRIES (20 per person).
 * A quick check: `BENCH_PEOPLE=300 npm run bench:reminders`. Linux only (/proc).
 */
import { loginResponseSchema, notificationRunResultSchema, type NotificationKind } from '@tht/contracts';
import { startMailCatcher, startProduct } from '@tht/test-kit';
import { emailOf, personWithRole } from '@tht/test-kit/organisation';
import { benchDatabase } from './support/bench-postgres';
import { pidListeningOn, withPeakMemory } from './support/process-memory';
import { emitRow, loadAverageText } from './support/report';
import { BENCH_DOMAIN, BENCH_PASSWORD, benchSeed, secondsSince, seedOrganisation } from './support/seed';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? PEOPLE * 20);
const MONTHLY_KINDS: readonly NotificationKind[] = ['behind-pace', 'team'];
/** MAIL_PER_MINUTE's most: the outbox spaces mails 1 ms apart, so its own pace is measured. */
const MAIL_PER_MINUTE_MOST = 60_000;
/** How long the outbox may take before the benchmark gives up on it. */
const SENDING_GIVE_UP_MS = 60 * 60_000;

const THIS_YEAR = new Date().getUTCFullYear();
const seed = benchSeed({ people: PEOPLE, entries: ENTRIES, years: [THIS_YEAR - 1, THIS_YEAR], seed: 31 });
const admin = personWithRole(seed.organisation, 'admin');

async function signInAdmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: emailOf(admin, BENCH_DOMAIN), password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`The admin's sign-in answered ${response.status}`);
  return loginResponseSchema.parse(await response.json()).authToken;
}

async function runKind(baseUrl: string, token: string, kind: NotificationKind): Promise<number> {
  const response = await fetch(`${baseUrl}/api/admin/notifications/${kind}/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`The ${kind} run answered ${response.status}: ${await response.text()}`);
  return notificationRunResultSchema.parse(await response.json()).queued;
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const database = await benchDatabase();
const sink = await startMailCatcher();
console.log(`Monthly reminders for ${PEOPLE} people (${ENTRIES} entries), on ${database.describe}`);
try {
  await seedOrganisation(database.connectionString, seed.options);
  const product = await startProduct({
    DATABASE_URL: database.connectionString,
    ORG_EMAIL_DOMAIN: BENCH_DOMAIN,
    SMTP_URL: sink.url,
    MAIL_PER_MINUTE: String(MAIL_PER_MINUTE_MOST),
  });
  try {
    const token = await signInAdmin(product.baseUrl);
    const pid = await pidListeningOn(Number(new URL(product.baseUrl).port));
    const started = performance.now();
    const { result, beforeMb, peakMb } = await withPeakMemory(pid, async () => {
      const queued: Record<string, number> = {};
      for (const kind of MONTHLY_KINDS) queued[kind] = await runKind(product.baseUrl, token, kind);
      const runSeconds = secondsSince(started);
      const total = Object.values(queued).reduce((sum, count) => sum + count, 0);
      await until(() => sink.mails.length >= total, SENDING_GIVE_UP_MS);
      return { queued, total, runSeconds, seconds: secondsSince(started) };
    });
    const { queued, total, runSeconds, seconds } = result;
    const perSecond = total / seconds;
    console.log(
      `  queued ${Object.entries(queued)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(', ')} in ${runSeconds.toFixed(1)} s`,
    );
    console.log(
      `  ${total} mails composed, queued and handed to the SMTP sink in ${seconds.toFixed(1)} s: ${perSecond.toFixed(1)} mails/s`,
    );
    console.log(
      `  API resident memory ${beforeMb.toFixed(0)} MB before, ${peakMb.toFixed(0)} MB at its peak; ${loadAverageText()}`,
    );
    emitRow({
      request: `Monthly reminders (behind-pace, team) of ${PEOPLE} people: composed, queued, sent`,
      clients: 1,
      perSecond,
      unit: 'mails',
      p50Ms: null,
      p95Ms: null,
      floorPerSecond: null,
      ratio: null,
      target: 'for reference',
      met: null,
      note: `${total} mails in ${seconds.toFixed(1)} s (run ${runSeconds.toFixed(1)} s), API memory +${(peakMb - beforeMb).toFixed(0)} MB`,
    });
  } finally {
    await product.stop();
  }
} catch (error) {
  console.error(`monthly-reminders failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await sink.close();
  await database.close();
}
