import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { DEMO_MESSAGES } from './demo-organisation';

const run = promisify(execFile);

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database?.drop());

/** `npm run demo` as a person runs it, on the test's fresh database, with a start-up admin configured. */
async function demo(): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: database.connectionString,
    JWT_SECRET: 'a-demo-test-secret-that-is-long-enough',
    ADMIN_EMAIL: 'boss@example.com',
    ADMIN_PASSWORD: 'Boss-password-1',
    ORG_EMAIL_DOMAIN: 'example.com',
    PUBLIC_URL: 'http://localhost:8080',
    LOG_LEVEL: 'warn',
  };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'api/src/demo.ts'], { cwd: REPO_ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const count = async (table: string, where = 'true') =>
  Number((await database.pool.query(`SELECT count(*) FROM read_models.${table} WHERE ${where}`)).rows[0].count);

describe('npm run demo', () => {
  it('creates the start-up admin and a sample organisation through the commands, and prints the accounts to sign in with', async () => {
    const { code, stdout, stderr } = await demo();
    expect(code, stderr).toBe(0);
    const [, entries] = /people, ([\d,]+) training entries/.exec(stdout)!;
    expect(stdout).toMatch(/^Demo organisation created: 5 departments, 40 people, /);
    const password = /with the password (demo-[0-9a-f]{12})$/m.exec(stdout)![1]!;
    for (const [role, email] of [
      ['admin', 'morgan.reed@example.com'],
      ['hr', 'priya.shah@example.com'],
      ['smt', 'helen.carter@example.com'],
      ['manager', 'daniel.brooks@example.com'],
      ['employee', 'olivia.bennett@example.com'],
    ] as const) {
      expect(stdout).toMatch(new RegExp(`^  ${role} +.+ ${email.replace('.', '\\.')} `, 'm'));
    }
    expect(stdout).toContain('The start-up admin boss@example.com keeps ADMIN_PASSWORD.');

    expect(await count('users')).toBe(41);
    expect(await count('users', "role = 'manager'")).toBe(5);
    expect(await count('users', "manager_id IS NULL AND email <> 'boss@example.com'")).toBe(1);
    expect(await count('departments')).toBe(5);
    expect(await count('entries')).toBe(Number(entries!.replace(/,/g, '')));
    expect(await count('entries')).toBeGreaterThan(800);
    expect(await count('entries', "custom_fields ->> 'delivery' IS NULL")).toBe(0);
    expect(await count('form_field_options')).toBe(3);
    expect(await count('yearly_targets')).toBe(2);
    expect(await count('user_targets')).toBeGreaterThanOrEqual(6);
    const { rows } = await database.pool.query<{ first: string; last: string }>(
      'SELECT min(date) AS first, max(date) AS last FROM read_models.entries',
    );
    const months = (Date.parse(rows[0]!.last) - Date.parse(rows[0]!.first)) / (30.4 * 24 * 3600 * 1000);
    expect(months).toBeGreaterThan(16);
    expect(Date.parse(rows[0]!.last)).toBeLessThanOrEqual(Date.now());
    const { verifyPassword } = await import('../auth/passwords');
    const [hr] = (await database.pool.query("SELECT password_hash FROM read_models.users WHERE email = 'priya.shah@example.com'"))
      .rows;
    expect(await verifyPassword(hr.password_hash, password)).toBe(true);
  });

  it('refuses a database that holds more than the start-up admin, and changes nothing', async () => {
    const events = async () => Number((await database.pool.query('SELECT count(*) FROM eventstore.events')).rows[0].count);
    const before = await events();
    const { code, stderr } = await demo();
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(DEMO_MESSAGES.notEmpty);
    expect(await events()).toBe(before);
  });
});
