import { randomUUID } from 'node:crypto';
import { fullName, latestAsOfDay, type Role } from '@tht/contracts';
import type { Account } from '@tht/test-kit';
import {
  CUSTOM_FIELD,
  describeOrganisation,
  entryDetails,
  ORGANISATION_SIZES,
  personWithRole,
  trainingEntries,
  type Organisation as Description,
} from '@tht/test-kit/organisation';
import { accounts } from './test-product';

const { api, adminToken, createAccount, signInToken } = accounts;

/** The test kit's e2e organisation, seeded: a manager and their team in two departments, HR, SMT and an admin, entries and targets. */
export interface Organisation {
  year: number;
  manager: Account;
  reports: Account[];
  hr: Account;
  smt: Account;
  admin: Account;
  /** The custom select field the entry forms show (removed again by `remove`). */
  customFieldLabel: string;
  /** A day that ended before anything was seeded: the dashboards as of it show none of it. */
  dayBefore: string;
  /** The training name of a seeded entry, found in no other test's data. */
  seededCourse: string;
  remove(): Promise<void>;
}

/** A select field made for the run, with the test kit's custom field's options. */
async function createCustomField(token: string, label: string): Promise<{ id: number; name: string }> {
  const name = label.toLowerCase().replace(/\W+/g, '_');
  const field = await api<{ id: number }>('POST', '/api/form-fields', token, {
    name,
    label,
    type: 'select',
    required: false,
  });
  for (const option of CUSTOM_FIELD.options) {
    await api('POST', `/api/form-fields/${field.id}/options`, token, { label: option });
  }
  return { id: field.id, name };
}

/** The year's fiscal year, made when no test has made it yet (the target cards and pace lines need one). */
async function ensureFiscalYear(token: string, year: number): Promise<void> {
  const fiscalYears = await api<Array<{ year: number }>>('GET', '/api/fiscal-years', token);
  if (!fiscalYears.some((fiscalYear) => fiscalYear.year === year)) {
    await api('POST', '/api/fiscal-years', token, { year, targetHours: 400, description: 'Organisation goal' });
  }
}

/** Each person of `description` as a test account (unique, so runs against one product never meet), managers first. */
async function createAccounts({ people }: Description): Promise<Account[]> {
  const created: Account[] = [];
  for (const person of people) {
    const manager = person.managerIndex === null ? {} : { managerId: created[person.managerIndex]!.id };
    created.push(await createAccount(person.role, { ...manager, department: person.department }));
  }
  return created;
}

/** The e2e size's entries of this year up to now, each logged by its person through POST /api/entries, with the custom field `fieldName`. */
async function logEntries(description: Description, people: readonly Account[], fieldName: string): Promise<void> {
  const now = new Date();
  const period = { from: new Date(Date.UTC(now.getUTCFullYear(), 0, 1)), to: now };
  const tokens = new Map<number, string>();
  for (const entry of trainingEntries(description, { period })) {
    const { index, managerIndex } = entry.person;
    const account = people[index]!;
    if (!tokens.has(index)) tokens.set(index, await signInToken(account.email, account.password));
    await api('POST', '/api/entries', tokens.get(index), {
      ...entryDetails(description, entry),
      firstName: account.firstName,
      lastName: account.lastName,
      managerName: managerIndex === null ? '' : fullName(people[managerIndex]!),
      customFields: { [fieldName]: entry.customFields[CUSTOM_FIELD.name] },
    });
  }
}

/**
 * Seeds, through the API, the test kit's e2e organisation, so every screen has something to show
 * in the current year: its people as test accounts (a manager with three reports in two long-named
 * departments, HR, SMT and an admin), its entries of the year (rated or not, innovative ones with
 * notes, each with a custom select field made for the run), the fiscal year and personal targets.
 */
export async function seedOrganisation(): Promise<Organisation> {
  const dayBefore = latestAsOfDay(new Date());
  const token = await adminToken();
  const year = new Date().getFullYear();
  const customFieldLabel = `Delivery ${randomUUID().slice(0, 4)}`;
  const field = await createCustomField(token, customFieldLabel);
  const description = describeOrganisation(ORGANISATION_SIZES.e2e);
  const people = await createAccounts(description);
  const accountOf = (role: Role) => people[personWithRole(description, role).index]!;
  const [smt, admin, hr, manager] = [accountOf('smt'), accountOf('admin'), accountOf('hr'), accountOf('manager')];
  const reports = people.filter((person) => person.role === 'employee');
  await logEntries(description, people, field.name);
  const seededCourse = `Negotiation Masterclass ${randomUUID().slice(0, 6)}`;
  await api('POST', '/api/entries', await signInToken(manager.email, manager.password), {
    firstName: manager.firstName,
    lastName: manager.lastName,
    trainingName: seededCourse,
    date: `${year}-01-01`,
    hours: 3,
    rating: 5,
  });
  await ensureFiscalYear(token, year);
  await api('POST', '/api/user-targets/bulk', await signInToken(hr.email, hr.password), {
    year,
    targetHours: 20,
    reason: 'Team plan',
    userIds: [manager.id, ...reports.map((report) => report.id)],
  });
  return {
    year,
    manager: manager,
    reports,
    hr: hr,
    smt: smt,
    admin: admin,
    customFieldLabel,
    dayBefore,
    seededCourse,
    remove: () => api('DELETE', `/api/form-fields/${field.id}`, token),
  };
}
