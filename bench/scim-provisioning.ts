/**
 * SCIM provisioning benchmark (issue 30): a directory's first sync. Starts the product as `npm
 * start` does with SCIM_TOKEN, on a PostgreSQL with the product's own (durable) settings, then
 * provisions the BENCH_USERS people of the sample organisation as Microsoft Entra ID does: for
 * each, a look-up by userName (`GET /Users?filter=userName eq "…"`, an empty list) and a
 * `POST /Users` with names, work e-mail, externalId and department (each new department is created
 * by the product); then, once everyone exists, a `PATCH` per person linking their manager (the
 * enterprise extension's manager, as Entra sends it: a bare id). BENCH_CLIENTS requests at once,
 * as a provider's provisioning cycle sends a few in parallel. Prints each phase's time and users/s;
 * the row's target: the whole sync of 10,000 people within 5 minutes (as users/s).
 *
 * Run: `npm run bench:scim`, `npm run bench -- scim-provisioning` or `npx tsx bench/scim-provisioning.ts`.
 * Sizes: BENCH_USERS (10000), BENCH_CLIENTS (8). A quick check: `BENCH_USERS=200 npm run bench:scim`.
 */
import { startProduct } from '@tht/test-kit';
import { describeOrganisation, emailOf, ORGANISATION_SIZES, type Person } from '@tht/test-kit/organisation';
import { benchDatabase } from './support/bench-postgres';
import { emitRow } from './support/report';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const TOKEN = 'bench-scim-token-0123456789abcdef0123';
const DOMAIN = 'example.com';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** 10,000 people within 5 minutes. */
const TARGET_USERS_PER_SECOND = 10_000 / 300;

const organisation = describeOrganisation({ ...ORGANISATION_SIZES.benchmark, people: USERS });

async function scim(baseUrl: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined && { 'content-type': 'application/scim+json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function expectStatus(answer: { status: number; body: unknown }, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** Runs `work` for every item, `clients` at a time; the elapsed seconds. */
async function inParallel<T>(items: readonly T[], clients: number, work: (item: T) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
  return (performance.now() - started) / 1000;
}

const scimUser = (person: Person) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
  externalId: `directory-${person.index}`,
  userName: emailOf(person, DOMAIN),
  active: true,
  emails: [{ primary: true, type: 'work', value: emailOf(person, DOMAIN) }],
  name: { givenName: person.firstName, familyName: person.lastName },
  [ENTERPRISE]: { department: person.department },
});

const database = await benchDatabase();
console.log(`SCIM first sync of ${USERS} people, ${CLIENTS} requests at once, on ${database.describe}`);
try {
  const product = await startProduct({ DATABASE_URL: database.connectionString, SCIM_TOKEN: TOKEN, ORG_EMAIL_DOMAIN: DOMAIN });
  try {
    const ids = new Map<number, string>();
    const createSeconds = await inParallel(organisation.people, CLIENTS, async (person) => {
      const filter = encodeURIComponent(`userName eq "${emailOf(person, DOMAIN)}"`);
      const found = await scim(product.baseUrl, 'GET', `/Users?filter=${filter}`);
      expectStatus(found, 200, `look-up of ${person.emailName}`);
      const created = await scim(product.baseUrl, 'POST', '/Users', scimUser(person));
      expectStatus(created, 201, `creation of ${person.emailName}`);
      ids.set(person.index, (created.body as { id: string }).id);
    });
    console.log(`  created ${USERS} people in ${createSeconds.toFixed(1)} s (${(USERS / createSeconds).toFixed(0)} users/s)`);
    const managed = organisation.people.filter((person) => person.managerIndex !== null);
    const linkSeconds = await inParallel(managed, CLIENTS, async (person) => {
      const linked = await scim(product.baseUrl, 'PATCH', `/Users/${ids.get(person.index)}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Add', path: `${ENTERPRISE}:manager`, value: ids.get(person.managerIndex!) }],
      });
      expectStatus(linked, 200, `manager of ${person.emailName}`);
    });
    console.log(
      `  linked ${managed.length} managers in ${linkSeconds.toFixed(1)} s (${(managed.length / linkSeconds).toFixed(0)} links/s)`,
    );
    const seconds = createSeconds + linkSeconds;
    const perSecond = USERS / seconds;
    console.log(`  first sync: ${seconds.toFixed(1)} s, ${perSecond.toFixed(1)} users/s`);
    emitRow({
      request: `SCIM first sync: ${USERS} users created, then their managers linked`,
      clients: CLIENTS,
      perSecond,
      unit: 'users',
      p50Ms: null,
      p95Ms: null,
      floorPerSecond: null,
      ratio: null,
      target: `>= ${TARGET_USERS_PER_SECOND.toFixed(1)} users/s (10,000 in 5 min)`,
      met: perSecond >= TARGET_USERS_PER_SECOND,
      note: `${seconds.toFixed(1)} s`,
    });
  } finally {
    await product.stop();
  }
} catch (error) {
  console.error(`scim-provisioning failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
