import { optionValueFromLabel, toIsoDate, type Role } from '@tht/contracts';
import {
  COURSES,
  DEMO_DEPARTMENTS,
  DEMO_FIELD,
  FIRST_NAMES,
  INNOVATION_NOTES,
  LAST_NAMES,
  NOTES,
  type Department,
} from './demo-catalogue';

/**
 * The sample organisation of `npm run demo`, as data: its departments, its people (who manages
 * whom), a year and a half of each person's training entries, the yearly and personal targets and
 * the custom field. Made from a fixed seed, so every run plans the same organisation for the same
 * day; `demo-organisation.ts` writes it through the product's commands.
 */

export interface DemoPerson {
  /** Who this is in the plan (managers are named by their key). */
  key: string;
  firstName: string;
  lastName: string;
  role: Role;
  department: Department;
  managerKey: string | null;
  /** Their own target of the current year, when HR set one. */
  targetHours?: number;
}

/** Employees per department (32 in all), each reporting to the department's manager. */
const TEAM_SIZES: Readonly<Record<Department, number>> = {
  Engineering: 10,
  Finance: 5,
  Operations: 7,
  Sales: 6,
  'People & Culture': 4,
};

const MANAGERS: readonly DemoPerson[] = [
  {
    key: 'manager-engineering',
    firstName: 'Daniel',
    lastName: 'Brooks',
    role: 'manager',
    department: 'Engineering',
    managerKey: 'smt',
    targetHours: 40,
  },
  {
    key: 'manager-finance',
    firstName: 'Fatima',
    lastName: 'Rahman',
    role: 'manager',
    department: 'Finance',
    managerKey: 'smt',
    targetHours: 40,
  },
  {
    key: 'manager-operations',
    firstName: 'Marcus',
    lastName: 'Webb',
    role: 'manager',
    department: 'Operations',
    managerKey: 'smt',
    targetHours: 40,
  },
  {
    key: 'manager-sales',
    firstName: 'Elena',
    lastName: 'Petrova',
    role: 'manager',
    department: 'Sales',
    managerKey: 'smt',
    targetHours: 40,
  },
  {
    key: 'manager-people',
    firstName: 'Kofi',
    lastName: 'Asante',
    role: 'manager',
    department: 'People & Culture',
    managerKey: 'smt',
    targetHours: 40,
  },
];
const managerOf = (department: Department) => MANAGERS.find((manager) => manager.department === department)!;

/** Everyone, managers before their reports: the SMT director, an admin, HR, five managers and 32 employees. */
export function demoPeople(): DemoPerson[] {
  let index = 0;
  const employees = DEMO_DEPARTMENTS.flatMap((department) =>
    Array.from({ length: TEAM_SIZES[department] }, (): DemoPerson => {
      const person: DemoPerson = {
        key: `employee-${index + 1}`,
        firstName: FIRST_NAMES[index]!,
        lastName: LAST_NAMES[index]!,
        role: 'employee',
        department,
        managerKey: managerOf(department).key,
        // A few part-timers with a smaller target of their own.
        ...(index % 9 === 4 ? { targetHours: 15 } : {}),
      };
      index += 1;
      return person;
    }),
  );
  return [
    { key: 'smt', firstName: 'Helen', lastName: 'Carter', role: 'smt', department: 'Operations', managerKey: null },
    { key: 'admin', firstName: 'Morgan', lastName: 'Reed', role: 'admin', department: 'Operations', managerKey: 'smt' },
    {
      key: 'hr',
      firstName: 'Priya',
      lastName: 'Shah',
      role: 'hr',
      department: 'People & Culture',
      managerKey: 'smt',
      targetHours: 35,
    },
    ...MANAGERS,
    ...employees,
  ];
}

export const demoEmail = (person: Pick<DemoPerson, 'firstName' | 'lastName'>, domain: string) =>
  `${person.firstName}.${person.lastName}@${domain}`.toLowerCase();

/** A small seeded generator (mulberry32): the same plan on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The months of history the demo covers, up to `today`. */
const DEMO_MONTHS = 18;

export interface DemoEntry {
  firstName: string;
  lastName: string;
  managerName: string;
  department: string;
  trainingName: string;
  date: string;
  hours: number;
  trainingType: 'internal' | 'external';
  courseGivenBy: string;
  rating: number;
  beInnovative: boolean;
  notes: string;
  customFields: Record<string, string>;
}

const isoDay = (date: Date) => toIsoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `person`'s entries over the DEMO_MONTHS before `today`: a course every two to five weeks (managers
 * and HR a little more often), mostly their department's, rated 3 to 5 or not at all, about one in
 * seven innovative.
 */
export function demoEntries(person: DemoPerson, managerName: string, today: Date, seed: number): DemoEntry[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const suited = COURSES.filter((course) => !course.departments || course.departments.includes(person.department));
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - DEMO_MONTHS, today.getUTCDate()));
  const gap = person.role === 'employee' ? 24 : 17;
  const entries: DemoEntry[] = [];
  for (let day = start.getTime() + random() * 20 * DAY_MS; day <= today.getTime(); day += (gap * 0.6 + random() * gap) * DAY_MS) {
    const course = pick(suited);
    const innovative = random() < 0.14;
    entries.push({
      firstName: person.firstName,
      lastName: person.lastName,
      managerName,
      department: person.department,
      trainingName: course.trainingName,
      date: isoDay(new Date(day)),
      hours: Math.max(0.5, Math.round((course.hours + (random() - 0.5)) * 4) / 4),
      trainingType: course.trainingType,
      courseGivenBy: course.courseGivenBy,
      rating: random() < 0.15 ? 0 : 3 + Math.floor(random() * 3),
      beInnovative: innovative,
      notes: innovative ? pick(INNOVATION_NOTES) : pick(NOTES),
      customFields: { [DEMO_FIELD.name]: optionValueFromLabel(course.delivery) },
    });
  }
  return entries;
}

/** The organisation-wide target of a year: 30 hours a head, 35 the current year. */
export const demoYearlyTargets = (today: Date, headCount: number) => [
  { year: today.getUTCFullYear() - 1, targetHours: 30 * headCount, description: 'Organisation-wide training target' },
  { year: today.getUTCFullYear(), targetHours: 35 * headCount, description: 'Organisation-wide training target: more coaching' },
];
