import { randomUUID } from 'node:crypto';
import { latestAsOfDay } from '@tht/contracts';
import type { Account } from '@tht/test-kit';
import { accounts } from './test-product';

const { api, adminToken, createAccount, signInToken } = accounts;

/** Longer than the other test departments, so that wrapping and the charts' labels are tried. */
const DEPARTMENTS = ['Research and Development', 'Customer Operations and Support'] as const;

interface Course {
  trainingName: string;
  hours: number;
  rating: number;
  courseGivenBy: string;
  beInnovative?: boolean;
}

/** Courses with the enterprise topics in their names (so the topic lists fill), ratings from none to 5. */
const COURSES: readonly Course[] = [
  { trainingName: 'Leadership and Strategy Summit', hours: 6, rating: 5, courseGivenBy: 'Northwind Academy', beInnovative: true },
  { trainingName: 'Risk Management Workshop', hours: 3, rating: 4, courseGivenBy: 'Internal Audit' },
  { trainingName: 'Cloud Security Essentials', hours: 2.5, rating: 5, courseGivenBy: 'Contoso Learning' },
  { trainingName: 'Data Analytics with Excel', hours: 1.5, rating: 4, courseGivenBy: 'Finance Team', beInnovative: true },
  { trainingName: 'Project Management Fundamentals', hours: 4, rating: 3, courseGivenBy: 'PMI Chapter' },
  { trainingName: 'Communication Skills for Engineers', hours: 2, rating: 0, courseGivenBy: 'HR Team' },
  { trainingName: 'Compliance and Ethics Refresher', hours: 1, rating: 2, courseGivenBy: 'Legal' },
  { trainingName: 'Agile Coaching Circle', hours: 1.25, rating: 4, courseGivenBy: 'Agile Guild', beInnovative: true },
];

/** A seeded organisation: a manager and their team in two departments, HR, SMT and an admin, entries and targets. */
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

/** Day `index` of the year's first `monthsSoFar` months, never after today (the API refuses future dates). */
function dateInYear(year: number, index: number): string {
  const today = new Date();
  const month = (index % (today.getMonth() + 1)) + 1;
  const lastDay = month === today.getMonth() + 1 ? today.getDate() : 28;
  const day = ((index * 7) % lastDay) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

async function createCustomField(token: string, label: string): Promise<number> {
  const field = await api<{ id: number }>('POST', '/api/form-fields', token, {
    name: label.toLowerCase().replace(/\W+/g, '_'),
    label,
    type: 'select',
    required: false,
  });
  for (const option of ['In person', 'Live online', 'Self-paced']) {
    await api('POST', `/api/form-fields/${field.id}/options`, token, { label: option });
  }
  return field.id;
}

/** The year's fiscal year, made when no test has made it yet (the target cards and pace lines need one). */
async function ensureFiscalYear(token: string, year: number): Promise<void> {
  const fiscalYears = await api<Array<{ year: number }>>('GET', '/api/fiscal-years', token);
  if (!fiscalYears.some((fiscalYear) => fiscalYear.year === year)) {
    await api('POST', '/api/fiscal-years', token, { year, targetHours: 400, description: 'Organisation goal' });
  }
}

async function logEntries(
  person: Account,
  department: string,
  managerName: string,
  fieldName: string,
  count: number,
  offset: number,
) {
  const token = await signInToken(person.email, person.password);
  const year = new Date().getFullYear();
  for (let index = 0; index < count; index += 1) {
    const course = COURSES[(index + offset) % COURSES.length]!;
    await api('POST', '/api/entries', token, {
      firstName: person.firstName,
      lastName: person.lastName,
      managerName,
      department,
      trainingType: index % 2 === 0 ? 'external' : 'internal',
      notes: course.beInnovative ? 'Shared the method with the team and ran a pilot with two customers' : '',
      customFields: { [fieldName]: index % 3 === 0 ? 'in_person' : 'live_online' },
      date: dateInYear(year, index + offset),
      ...course,
    });
  }
}

/**
 * Seeds, through the API, an organisation whose every screen has something to show in the
 * current year: a manager with three reports in two departments, HR, SMT and an admin account,
 * about thirty entries (rated, innovative, with a custom field), the fiscal year and personal targets.
 */
export async function seedOrganisation(): Promise<Organisation> {
  const dayBefore = latestAsOfDay(new Date());
  const token = await adminToken();
  const year = new Date().getFullYear();
  const customFieldLabel = `Delivery ${randomUUID().slice(0, 4)}`;
  const fieldId = await createCustomField(token, customFieldLabel);
  const fieldName = customFieldLabel.toLowerCase().replace(/\W+/g, '_');
  const [research, operations] = DEPARTMENTS;
  const manager = await createAccount('manager', { department: research });
  const reports = [
    await createAccount('employee', { managerId: manager.id, department: research }),
    await createAccount('employee', { managerId: manager.id, department: research }),
    await createAccount('employee', { managerId: manager.id, department: operations }),
  ];
  const [hr, smt, admin] = [await createAccount('hr'), await createAccount('smt'), await createAccount('admin')];
  const managerName = `${manager.firstName} ${manager.lastName}`;
  for (const [index, report] of reports.entries()) {
    await logEntries(report, index < 2 ? research : operations, managerName, fieldName, 8, index * 3);
  }
  await logEntries(manager, research, 'Board', fieldName, 4, 5);
  const seededCourse = `Negotiation Masterclass ${randomUUID().slice(0, 6)}`;
  await api('POST', '/api/entries', await signInToken(manager.email, manager.password), {
    firstName: manager.firstName,
    lastName: manager.lastName,
    trainingName: seededCourse,
    date: dateInYear(year, 0),
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
    manager,
    reports,
    hr,
    smt,
    admin,
    customFieldLabel,
    dayBefore,
    seededCourse,
    remove: () => api('DELETE', `/api/form-fields/${fieldId}`, token),
  };
}
