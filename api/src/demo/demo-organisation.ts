import { randomUUID } from 'node:crypto';
import { fullName, normaliseEmail, type Role } from '@tht/contracts';
import { READ_MODEL_SCHEMA } from 'projections';
import { toAuthUser } from '../auth/require-auth';
import { createDepartment } from '../departments/departments-commands';
import { logEntriesInBulk } from '../entries/entries-commands';
import { addFormField, addOption } from '../form-fields/form-fields-commands';
import { systemActor, type Actor } from '../platform/commands';
import { forEachConcurrently } from '../platform/concurrency';
import type { AppContext } from '../platform/context';
import { createUserTarget, createYearlyTarget } from '../targets/targets-commands';
import { addUser } from '../users/users-commands';
import { getUser } from '../users/users-queries';
import { DEMO_DEPARTMENTS, DEMO_FIELD } from './demo-catalogue';
import { demoEmail, demoEntries, demoPeople, demoYearlyTargets, type DemoPerson } from './demo-plan';

export const DEMO_MESSAGES = {
  notEmpty:
    'This database already holds an organisation (users besides the start-up admin, departments, entries, form fields or ' +
    'targets): npm run demo fills only an empty one. Point DATA_DIR or DATABASE_URL at an empty database.',
} as const;

/** The database holds more than the start-up admin: the demo would mix with real data. */
export class DemoRefused extends Error {}

export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
  /** What to look at with it. */
  shows: string;
}

export interface DemoOrganisation {
  accounts: DemoAccount[];
  departments: number;
  people: number;
  entries: number;
  /** The first and last entry dates. */
  from: string;
  to: string;
  targetYears: number[];
}

/** Refuses unless the read models hold nothing but (maybe) the start-up admin. */
async function refuseUnlessEmpty(ctx: AppContext): Promise<void> {
  const startupAdmin = ctx.config.startupAdmin ? normaliseEmail(ctx.config.startupAdmin.email) : '';
  const counted = (table: string) => `(SELECT count(*) FROM ${READ_MODEL_SCHEMA}.${table})`;
  const { rows } = await ctx.pool.query<{ existing: number }>(
    `SELECT ((SELECT count(*) FROM ${READ_MODEL_SCHEMA}.users WHERE email <> $1) + ${counted('departments')} + ${counted('entries')}
      + ${counted('form_fields')} + ${counted('yearly_targets')} + ${counted('user_targets')})::int AS existing`,
    [startupAdmin],
  );
  if (rows[0]!.existing > 0) throw new DemoRefused(DEMO_MESSAGES.notEmpty);
}

const actorFor = (userId: number): Actor => ({ userId, correlationId: randomUUID() });

/** Each person's account, managers first; the director and the admin created by the system, as at start-up, the rest by the admin. */
async function addPeople(ctx: AppContext, people: readonly DemoPerson[], password: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const add = async (person: DemoPerson) => {
    const actor = ids.has('admin') ? actorFor(ids.get('admin')!) : systemActor();
    const input = {
      email: demoEmail(person, ctx.config.orgEmailDomain),
      firstName: person.firstName,
      lastName: person.lastName,
      role: person.role,
      managerId: person.managerKey === null ? null : ids.get(person.managerKey)!,
      department: person.department,
      password,
    };
    const row = await addUser(ctx, input, { registered: false, firstLoginRequired: false }, actor);
    ids.set(person.key, row.id);
  };
  const employees = people.filter((person) => person.role === 'employee');
  for (const person of people.filter((each) => each.role !== 'employee')) await add(person);
  await forEachConcurrently(employees, 4, add);
  return ids;
}

/** The custom select field, its options, the yearly targets and HR's targets for some people. */
async function addSettings(ctx: AppContext, people: readonly DemoPerson[], ids: ReadonlyMap<string, number>, today: Date) {
  const admin = actorFor(ids.get('admin')!);
  const field = await addFormField(ctx, { name: DEMO_FIELD.name, label: DEMO_FIELD.label, type: 'select', required: false }, admin);
  for (const label of DEMO_FIELD.options) await addOption(ctx, field.id, { label }, admin);
  const hr = actorFor(ids.get('hr')!);
  const years = demoYearlyTargets(today, people.length);
  for (const target of years) await createYearlyTarget(ctx, target, hr);
  const year = today.getUTCFullYear();
  for (const person of people.filter((each) => each.targetHours !== undefined)) {
    const reason = person.role === 'employee' ? 'Part-time' : 'Agreed at the yearly review';
    await createUserTarget(ctx, { userId: ids.get(person.key)!, year, targetHours: person.targetHours!, reason }, hr);
  }
  return years.map((target) => target.year);
}

/** Each person logs their own year and a half of training, as their bulk entry does. */
async function addEntries(ctx: AppContext, people: readonly DemoPerson[], ids: ReadonlyMap<string, number>, today: Date) {
  const byKey = new Map(people.map((person) => [person.key, person]));
  const session = { id: 'demo', startedAt: today.toISOString(), expiresAt: today.toISOString(), sso: false };
  let count = 0;
  await forEachConcurrently(people, 4, async (person) => {
    const manager = person.managerKey === null ? null : byKey.get(person.managerKey)!;
    const userId = ids.get(person.key)!;
    const rows = demoEntries(person, manager ? fullName(manager) : '', today, people.indexOf(person) + 1);
    const user = toAuthUser(await getUser(ctx.db, userId), session);
    const result = await logEntriesInBulk(ctx, user, rows, actorFor(userId));
    if (result.failed > 0)
      throw new Error(`The demo entries of ${fullName(person)} were refused: ${JSON.stringify(result.errors[0])}`);
    count += result.created;
  });
  return count;
}

/**
 * `npm run demo`: a sample organisation written through the product's own commands (the same
 * decisions, events and read models as the screens' requests) into an empty database: five
 * departments, 40 people with their managers (an admin, HR, the SMT director, five managers),
 * a year and a half (DEMO_MONTHS) of training entries up to `today`, yearly and personal targets, and a custom
 * select field every entry fills. Every account signs in with `password`.
 */
export async function seedDemoOrganisation(
  ctx: AppContext,
  { today, password }: { today: Date; password: string },
): Promise<DemoOrganisation> {
  await refuseUnlessEmpty(ctx);
  for (const name of DEMO_DEPARTMENTS) await createDepartment(ctx, name, systemActor());
  const people = demoPeople();
  const ids = await addPeople(ctx, people, password);
  const targetYears = await addSettings(ctx, people, ids, today);
  const entries = await addEntries(ctx, people, ids, today);
  const { rows } = await ctx.pool.query<{ from: string; to: string }>(
    `SELECT min(date) AS from, max(date) AS to FROM ${READ_MODEL_SCHEMA}.entries`,
  );
  const account = (key: string, shows: string): DemoAccount => {
    const person = people.find((each) => each.key === key)!;
    return { role: person.role, name: fullName(person), email: demoEmail(person, ctx.config.orgEmailDomain), shows };
  };
  const team = (key: string) => people.filter((person) => person.managerKey === key).length;
  return {
    accounts: [
      account('admin', 'the Admin panel, the Audit Log'),
      account('hr', 'the HR View: targets, the employee table'),
      account('smt', 'the SMT View (and the managers as her team)'),
      account('manager-engineering', `the Manager View of a team of ${team('manager-engineering')}`),
      account('employee-1', 'My Dashboard with a year and a half of entries'),
    ],
    departments: DEMO_DEPARTMENTS.length,
    people: people.length,
    entries,
    from: rows[0]!.from,
    to: rows[0]!.to,
    targetYears,
  };
}
