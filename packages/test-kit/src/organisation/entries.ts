import { fullName, optionValueFromLabel, type EntryDetails } from '@tht/contracts';
import { COURSES, CUSTOM_FIELD, INNOVATION_NOTES, NOTES, type Course, type Department } from './catalogue';
import type { Organisation, Person } from './organisation';
import { seededRandom, type SeededRandom } from './random';

/** A training entry as its person would type it. */
export interface TrainingEntry {
  person: Person;
  trainingName: string;
  /** The day of the course (YYYY-MM-DD). */
  date: string;
  hours: number;
  trainingType: Course['trainingType'];
  courseGivenBy: string;
  /** 0: not rated. */
  rating: number;
  beInnovative: boolean;
  notes: string;
  /** The custom field's option value (`CUSTOM_FIELD.name`). */
  customFields: Record<string, string>;
}

export interface Period {
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;
/** A course is logged the day it ends or up to two weeks later. */
const MOST_DAYS_LATE = 14;
const RATINGS = [2, 3, 4, 4, 5, 5];

/** The `months` up to `today` (an organisation size's period). */
export const monthsUpTo = (today: Date, months: number): Period => ({
  from: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, today.getUTCDate())),
  to: today,
});

/** Draws entries for an organisation: who logs one (managers and HR a little more often) and what. */
export function entryDrawer(organisation: Organisation, random: SeededRandom) {
  const suited = new Map<Department, readonly Course[]>(
    organisation.departments.map((department) => [
      department,
      COURSES.filter((course) => !course.departments || course.departments.includes(department)),
    ]),
  );
  // One object a delivery and one text a day: millions of entries make little garbage.
  const customFields = new Map(CUSTOM_FIELD.options.map((label) => [label, { [CUSTOM_FIELD.name]: optionValueFromLabel(label) }]));
  const days = new Map<number, string>();
  const isoDay = (time: number) => {
    const day = Math.floor(time / DAY_MS);
    let text = days.get(day);
    if (text === undefined) days.set(day, (text = new Date(day * DAY_MS).toISOString().slice(0, 10)));
    return text;
  };
  const author = (): Person => {
    const person = random.pick(organisation.people);
    return person.role !== 'employee' || random.chance(0.7) ? person : random.pick(organisation.people);
  };
  /** An entry of `person`'s logged at `loggedAt`, of a course on a day from `earliest` on. */
  const entry = (person: Person, loggedAt: number, earliest: number): TrainingEntry => {
    const course = random.pick(suited.get(person.department)!);
    const innovative = random.chance(0.14);
    return {
      person,
      trainingName: course.trainingName,
      date: isoDay(Math.max(earliest, loggedAt - random.int(MOST_DAYS_LATE + 1) * DAY_MS)),
      hours: Math.max(0.5, Math.round((course.hours + random.next() - 0.5) * 4) / 4),
      trainingType: course.trainingType,
      courseGivenBy: course.courseGivenBy,
      rating: random.chance(0.15) ? 0 : random.pick(RATINGS),
      beInnovative: innovative,
      notes: innovative ? random.pick(INNOVATION_NOTES) : random.pick(NOTES),
      customFields: customFields.get(course.delivery)!,
    };
  };
  return { author, entry };
}

/**
 * `count` (the size's entries by default) training entries logged evenly over `period`, in the
 * order they were logged, each by someone of the organisation; generated as they are read, so
 * millions need not be held at once.
 */
export function* trainingEntries(
  organisation: Organisation,
  { period, seed = 1, count = organisation.size.entries }: { period: Period; seed?: number; count?: number },
): Generator<TrainingEntry> {
  const random = seededRandom(seed);
  const draw = entryDrawer(organisation, random);
  const [from, span] = [period.from.getTime(), period.to.getTime() - period.from.getTime()];
  for (let index = 1; index <= count; index += 1) yield draw.entry(draw.author(), from + Math.floor((index * span) / count), from);
}

/** The manager's name an entry of `person` carries ('' for the SMT director). */
const managerNameOf = (organisation: Organisation, person: Person) =>
  person.managerIndex === null ? '' : fullName(organisation.people[person.managerIndex]!);

/** `entry` as the product stores it, with the names it carries when they changed since the organisation was described. */
export const detailsWith = (
  entry: TrainingEntry,
  { lastName, managerName, department }: Pick<EntryDetails, 'lastName' | 'managerName' | 'department'>,
): EntryDetails => ({
  trainingName: entry.trainingName,
  date: entry.date,
  firstName: entry.person.firstName,
  lastName,
  managerName,
  department,
  hours: String(entry.hours),
  notes: entry.notes,
  rating: entry.rating,
  beInnovative: entry.beInnovative,
  trainingType: entry.trainingType,
  courseGivenBy: entry.courseGivenBy,
  customFields: entry.customFields,
});

/** `entry` as the product stores it (`EntryLogged`'s details, the body of POST /api/entries). */
export const entryDetails = (organisation: Organisation, entry: TrainingEntry): EntryDetails =>
  detailsWith(entry, {
    lastName: entry.person.lastName,
    managerName: managerNameOf(organisation, entry.person),
    department: entry.person.department,
  });
