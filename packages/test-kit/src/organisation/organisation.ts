import type { Role } from '@tht/contracts';
import { DEPARTMENTS, FIRST_NAMES, LAST_NAMES, LEADER_NAMES, type Department } from './catalogue';
import type { OrganisationSize } from './sizes';

export interface Person {
  /** Its place in `Organisation.people`; managers come before their reports. */
  index: number;
  firstName: string;
  lastName: string;
  /** The part of the e-mail address before the @ (unique in the organisation). */
  emailName: string;
  role: Role;
  department: Department;
  /** The index of their manager; null for the SMT director at the top. */
  managerIndex: number | null;
  /** Their own target of the year, when HR set one: managers, HR and a few part-timers. */
  targetHours?: number;
}

export interface Organisation {
  size: OrganisationSize;
  departments: readonly Department[];
  /** The SMT director, the admin, HR, the managers, then the employees. */
  people: readonly Person[];
}

const LEADERS = 3;
const PART_TIME_TARGET = 15;
const TARGETS: Partial<Record<Role, number>> = { manager: 40, hr: 35 };

/** Person `index`'s name: the leaders' first, then first and last names combined so the first 1,024 differ. */
function nameAt(index: number) {
  const leader = LEADER_NAMES[index];
  if (leader) return { firstName: leader[0], lastName: leader[1], emailName: `${leader[0]}.${leader[1]}`.toLowerCase() };
  const other = index - LEADER_NAMES.length;
  const [first, turn] = [other % FIRST_NAMES.length, Math.floor(other / FIRST_NAMES.length)];
  const firstName = FIRST_NAMES[first]!;
  const lastName = LAST_NAMES[(first + turn) % LAST_NAMES.length]!;
  const namesake = Math.floor(other / (FIRST_NAMES.length * LAST_NAMES.length));
  return { firstName, lastName, emailName: `${firstName}.${lastName}${namesake > 0 ? namesake + 1 : ''}`.toLowerCase() };
}

/** How many managers an organisation of `size` has: enough for every employee to have one, at most `teamSize` each. */
export const managerCount = ({ people, teamSize }: OrganisationSize) => Math.ceil((people - LEADERS) / (teamSize + 1));

/**
 * The people of an organisation of `size`, the same on every call: the SMT director at the top,
 * an admin and HR reporting to her, the managers (one department after another) reporting to her
 * too, and the employees shared out among the managers in turn, each in their manager's
 * department but one in three in the next one (matrix teams, so the team and department views
 * differ).
 */
export function describeOrganisation(size: OrganisationSize): Organisation {
  if (size.people <= LEADERS) throw new Error(`An organisation needs more than ${LEADERS} people`);
  const departments = DEPARTMENTS.slice(0, size.departments);
  const departmentAt = (index: number) => departments[index % departments.length]!;
  const hrDepartment = departments.includes('People & Culture') ? 'People & Culture' : departments[0]!;
  const managers = managerCount(size);
  const person = (index: number, role: Role, department: Department, managerIndex: number | null): Person => ({
    index,
    ...nameAt(index),
    role,
    department,
    managerIndex,
    ...(TARGETS[role] ? { targetHours: TARGETS[role] } : {}),
  });
  const people: Person[] = [
    person(0, 'smt', departments[0]!, null),
    person(1, 'admin', departments[0]!, 0),
    person(2, 'hr', hrDepartment, 0),
  ];
  for (let manager = 0; manager < managers; manager += 1)
    people.push(person(LEADERS + manager, 'manager', departmentAt(manager), 0));
  for (let employee = 0; employee < size.people - LEADERS - managers; employee += 1) {
    const manager = people[LEADERS + (employee % managers)]!;
    const matrix = Math.floor(employee / managers) % 3 === 2;
    const department = matrix ? departmentAt(departments.indexOf(manager.department) + 1) : manager.department;
    const partTime = employee % 9 === 4 ? { targetHours: PART_TIME_TARGET } : {};
    people.push({ ...person(people.length, 'employee', department, manager.index), ...partTime });
  }
  return { size, departments, people };
}

/** The first person of the organisation with `role`. */
export function personWithRole(organisation: Organisation, role: Role): Person {
  const found = organisation.people.find((person) => person.role === role);
  if (!found) throw new Error(`The organisation has no ${role}`);
  return found;
}

export const emailOf = (person: Person, domain: string) => `${person.emailName}@${domain}`;

/** The organisation-wide target of a year: 30 hours a head, 35 from `year` on (more coaching). */
export const yearlyTargets = (organisation: Organisation, year: number) => [
  { year: year - 1, targetHours: 30 * organisation.people.length, description: 'Organisation-wide training target' },
  {
    year,
    targetHours: 35 * organisation.people.length,
    description: 'Organisation-wide training target: more coaching',
  },
];
