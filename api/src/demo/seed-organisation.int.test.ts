import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loginResponseSchema } from '@tht/contracts';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { startProduct } from '@tht/test-kit';
import { describeOrganisation, emailOf, ORGANISATION_SIZES, type Person } from '@tht/test-kit/organisation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

const run = promisify(execFile);
const PASSWORD = 'seeded-password-1';
const DOMAIN = 'example.com';

let database: TestDatabase;
let historyDatabase: TestDatabase;

beforeAll(async () => {
  [database, historyDatabase] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});

afterAll(() => Promise.all([database?.drop(), historyDatabase?.drop()]));

/** `npm run seed-organisation -- <args>` as an operator runs it, on a test's fresh database. */
async function seedOrganisation(
  args: string[],
  into: TestDatabase = database,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_URL: into.connectionString, ORG_EMAIL_DOMAIN: DOMAIN, LOG_LEVEL: 'warn' };
  try {
    const script = 'api/src/demo/seed-organisation-cli.ts';
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The people sign in to the product at `baseUrl` with the seeded password and are who they were seeded as. */
async function expectSignIns(baseUrl: string, people: readonly Person[]): Promise<void> {
  for (const person of people) {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: emailOf(person, DOMAIN), password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const { user } = loginResponseSchema.parse(await response.json());
    // A history's name changes add to the last name.
    expect(user).toMatchObject({
      firstName: person.firstName,
      lastName: expect.stringContaining(person.lastName),
      role: person.role,
    });
  }
}

describe('npm run seed-organisation', () => {
  const organisation = describeOrganisation(ORGANISATION_SIZES.small);

  it('seeds the small organisation, whose people then sign in to the product started on it', async () => {
    const seeded = await seedOrganisation(['--size', 'small', '--password', PASSWORD, '--to', '2026-03-31']);
    expect(seeded).toMatchObject({ code: 0, stderr: '' });
    expect(seeded.stdout).toContain(`Seeded ${organisation.people.length} people and`);

    const product = await startProduct({ DATABASE_URL: database.connectionString });
    try {
      await expectSignIns(product.baseUrl, organisation.people.slice(0, 3));
    } finally {
      await product.stop();
    }
    const { rows } = await database.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM read_models.entries');
    expect(rows[0]!.count).toBe(ORGANISATION_SIZES.small.entries);
  }, 180_000); // a seeding process and the product's, on shared cores

  it('writes a whole history as the product stores it: sealed, so its first start has nothing to upgrade', async () => {
    const seeded = await seedOrganisation(['--size', 'small', '--password', PASSWORD, '--history'], historyDatabase);
    expect(seeded).toMatchObject({ code: 0, stderr: '' });
    const inClear = await historyDatabase.pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM eventstore.events WHERE data::text LIKE $1 OR stream_name LIKE $1`,
      [`%@${DOMAIN}%`],
    );
    expect(inClear.rows[0]!.count).toBe(0);

    const product = await startProduct({ DATABASE_URL: historyDatabase.connectionString });
    try {
      await expectSignIns(product.baseUrl, organisation.people.slice(0, 3));
      expect(product.output()).not.toContain('Encrypting the personal data in the event log');
    } finally {
      await product.stop();
    }
  }, 180_000);

  it('refuses a database that holds events, and options it does not know', async () => {
    const again = await seedOrganisation(['--size', 'small', '--password', PASSWORD]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('fills only an empty one');
    const unknown = await seedOrganisation(['--size', 'huge', '--password', PASSWORD]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No size huge');
  });
});
