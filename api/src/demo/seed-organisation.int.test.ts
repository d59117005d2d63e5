import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loginResponseSchema } from '@tht/contracts';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { startProduct } from '@tht/test-kit';
import { describeOrganisation, emailOf, ORGANISATION_SIZES } from '@tht/test-kit/organisation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

const run = promisify(execFile);
const PASSWORD = 'seeded-password-1';
const DOMAIN = 'example.com';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database?.drop());

/** `npm run seed-organisation -- <args>` as an operator runs it, on the test's fresh database. */
async function seedOrganisation(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATABASE_URL: database.connectionString, ORG_EMAIL_DOMAIN: DOMAIN, LOG_LEVEL: 'warn' };
  try {
    const script = 'api/src/demo/seed-organisation-cli.ts';
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
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
      for (const person of organisation.people.slice(0, 3)) {
        const response = await fetch(`${product.baseUrl}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: emailOf(person, DOMAIN), password: PASSWORD }),
        });
        expect(response.status).toBe(200);
        const { user } = loginResponseSchema.parse(await response.json());
        expect(user).toMatchObject({ firstName: person.firstName, lastName: person.lastName, role: person.role });
      }
    } finally {
      await product.stop();
    }
    const { rows } = await database.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM read_models.entries');
    expect(rows[0]!.count).toBe(ORGANISATION_SIZES.small.entries);
  }, 180_000); // a seeding process and the product's, on shared cores

  it('refuses a database that holds events, and options it does not know', async () => {
    const again = await seedOrganisation(['--size', 'small', '--password', PASSWORD]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('fills only an empty one');
    const unknown = await seedOrganisation(['--size', 'huge', '--password', PASSWORD]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No size huge');
  });
});
