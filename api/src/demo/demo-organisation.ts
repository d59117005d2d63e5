import { randomUUID } from 'node:crypto';
import { fullName, normaliseEmail, type Role } from '@tht/contracts';
import {
  CUSTOM_FIELD,
  describeOrganisation,
  emailOf,
  entryDetails,
  monthsUpTo,
  ORGANISATION_SIZES,
  personWithRole,
  trainingEntries,
  yearlyTargets,
  type Organisation,
  type TrainingEntry,
} from '@tht/test-kit/organisation';
import { READ_MODEL_SCHEMA } from 'projections';
import { toAuthUser } from '../auth/require-auth';
import { createDepartment } from '../departments';
import { logEntriesInBulk } from '../entries';
import { addFormField, addOption } from '../form-fields';
import { systemActor, type Actor } from '../platform/commands';
import { forEachConcurrently } from '../platform/concurrency';
import type { AppContext } from '../platform/context';
import { createUserTarget, createYearlyTarget } from '../targets';
import { addUser, getUser } from '../users';

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
async function addPeople(ctx: AppContext, organisation: Organisation, password: string): Promise<number[]> {
  const ids: number[] = [];
  const admin = personWithRole(organisation, 'admin');
  const add = async (person: Organisation['people'][number]) => {
    const actor = ids[admin.index] === undefined ? systemActor() : actorFor(ids[admin.index]!);
    const input = {
      email: emailOf(person, ctx.config.orgEmailDomain),
      firstName: person.firstName,
      lastName: person.lastName,
      role: person.role,
      managerId: person.managerIndex === null ? null : ids[person.managerIndex]!,
      department: person.department,
      password,
    };
    const row = await addUser(ctx, input, { registered: false, firstLoginRequired: false }, actor);
    ids[person.index] = row.id;
  };
  const { people } = organisation;
  for (const person of people.filter((each) => each.role !== 'employee')) await add(person);
  await forEachConcurrently(
    people.filter((person) => person.role === 'employee'),
    4,
    add,
  );
  return ids;
}

/** The custom select field, its options, the yearly targets and HR's targets for some people. */
async function addSettings(ctx: AppContext, organisation: Organisation, ids: readonly number[], today: Date) {
  const admin = actorFor(ids[personWithRole(organisation, 'admin').index]!);
  const field = await addFormField(
    ctx,
    { name: CUSTOM_FIELD.name, label: CUSTOM_FIELD.label, type: 'select', required: false },
    admin,
  );
  for (const label of CUSTOM_FIELD.options) await addOption(ctx, field.id, { label }, admin);
  const hr = actorFor(ids[personWithRole(organisation, 'hr').index]!);
  const years = yearlyTargets(organisation, today.getUTCFullYear());
  for (const target of years) await createYearlyTarget(ctx, target, hr);
  const year = today.getUTCFullYear();
  for (const person of organisation.people.filter((each) => each.targetHours !== undefined)) {
    const reason = person.role === 'employee' ? 'Part-time' : 'Agreed at the yearly review';
    await createUserTarget(ctx, { userId: ids[person.index]!, year, targetHours: person.targetHours!, reason }, hr);
  }
  return years.map((target) => target.year);
}

/** Each person logs their own share of the organisation's entries of the DEMO size's months up to `today`, as their bulk entry does. */
async function addEntries(ctx: AppContext, organisation: Organisation, ids: readonly number[], today: Date) {
  const byPerson = new Map<number, TrainingEntry[]>();
  for (const entry of trainingEntries(organisation, { period: monthsUpTo(today, organisation.size.months) })) {
    byPerson.set(entry.person.index, [...(byPerson.get(entry.person.index) ?? []), entry]);
  }
  const session = { id: 'demo', startedAt: today.toISOString(), expiresAt: today.toISOString(), sso: false };
  let count = 0;
  await forEachConcurrently([...byPerson], 4, async ([index, entries]) => {
    const userId = ids[index]!;
    const user = toAuthUser(await getUser(ctx.db, userId), session);
    const rows = entries.map((entry) => entryDetails(organisation, entry));
    const result = await logEntriesInBulk(ctx, user, rows, actorFor(userId));
    if (result.failed > 0)
      throw new Error(
        `The demo entries of ${fullName(organisation.people[index]!)} were refused: ${JSON.stringify(result.errors[0])}`,
      );
    count += result.created;
  });
  return count;
}

/**
 * `npm run demo`: the test kit's sample organisation of the demo size written through the
 * product's own commands (the same decisions, events and read models as the screens' requests)
 * into an empty database: five departments, 40 people with their managers (the SMT director, an
 * admin, HR, five managers), about 900 training entries over the year and a half up to `today`,
 * yearly and personal targets, and a custom select field every entry fills. Every account signs
 * in with `password`.
 */
export async function seedDemoOrganisation(
  ctx: AppContext,
  { today, password }: { today: Date; password: string },
): Promise<DemoOrganisation> {
  await refuseUnlessEmpty(ctx);
  const organisation = describeOrganisation(ORGANISATION_SIZES.demo);
  for (const name of organisation.departments) await createDepartment(ctx, name, systemActor());
  const ids = await addPeople(ctx, organisation, password);
  const targetYears = await addSettings(ctx, organisation, ids, today);
  const entries = await addEntries(ctx, organisation, ids, today);
  const { rows } = await ctx.pool.query<{ from: string; to: string }>(
    `SELECT min(date) AS from, max(date) AS to FROM ${READ_MODEL_SCHEMA}.entries`,
  );
  const { people } = organisation;
  const account = (role: Role, shows: string): DemoAccount => {
    const person = personWithRole(organisation, role);
    return { role, name: fullName(person), email: emailOf(person, ctx.config.orgEmailDomain), shows };
  };
  const teamOf = (role: Role) => people.filter((person) => person.managerIndex === personWithRole(organisation, role).index).length;
  return {
    accounts: [
      account('admin', 'the Admin panel, the Audit Log'),
      account('hr', 'the HR View: targets, the employee table'),
      account('smt', 'the SMT View (and the managers as her team)'),
      account('manager', `the Manager View of a team of ${teamOf('manager')}`),
      account('employee', 'My Dashboard with a year and a half of entries'),
    ],
    departments: organisation.departments.length,
    people: people.length,
    entries,
    from: rows[0]!.from,
    to: rows[0]!.to,
    targetYears,
  };
}
