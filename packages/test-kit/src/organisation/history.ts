import {
  departmentNameReservationStream,
  departmentStream,
  emailReservationStream,
  entryStream,
  formFieldNameReservationStream,
  formFieldStream,
  fullName,
  optionValueFromLabel,
  userSessionsStream,
  userStream,
  type AccountEvent,
  type EntryDetails,
  type EntryEvent,
  type FormFieldEvent,
} from '@tht/contracts';
import { CUSTOM_FIELD } from './catalogue';
import { detailsWith, entryDrawer } from './entries';
import { emailOf, type Organisation } from './organisation';
import { seededRandom } from './random';

export type HistoryEvent = AccountEvent | EntryEvent | FormFieldEvent;

/** One append of the history: events for one stream, with the version the API would expect. */
export interface HistoryAppend {
  stream: string;
  events: HistoryEvent[];
  expected: 'no_stream' | 'any' | number;
}

/** The ids the history gives its records, by index (the product's sequences, so its own later ids do not collide); from 1 when not given. */
export interface HistoryIds {
  people: readonly number[];
  departments: readonly number[];
  entries: readonly number[];
}

export interface OrganisationHistory {
  /** The appends in log order, generated as they are read. */
  appends: () => Generator<HistoryAppend>;
  /** How many appends `appends` yields. */
  appendCount: number;
  /** When the append at `index` happened. */
  timeOf: (index: number) => Date;
}

export interface HistoryOptions {
  /** When the history starts; no entry is dated before. */
  from: Date;
  /** When the last append happens; appends are evenly spread up to it, or a minute apart when not given. */
  to?: Date;
  seed?: number;
  ids?: Partial<HistoryIds>;
  /** Everyone's password hash. */
  passwordHash?: string;
}

interface Rule {
  every: number;
  at: number;
}
/** After the entry logged at index i, when i % every === at: so the number of appends, and each one's time, is known up front. */
const RULES = {
  edit: { every: 33, at: 32 },
  deletion: { every: 100, at: 57 },
  signIn: { every: 16, at: 3 },
  signOut: { every: 40, at: 21 },
  passwordChange: { every: 250, at: 111 },
  nameChange: { every: 400, at: 203 },
} satisfies Record<string, Rule>;
/** Edits and deletions pick among the last entries logged. */
const RECENT = 500;
const MINUTE_MS = 60_000;
const FIELD_ID = 1;
/** The default hash: bcrypt's shape, of no password. */
const NO_PASSWORD_HASH = `$2b$10$${'x'.repeat(53)}`;

/** How many of the indexes below `count` are `at` modulo `every`. */
const occurrences = (count: number, { every, at }: Rule) => (count > at ? Math.floor((count - 1 - at) / every) + 1 : 0);
const isAt = (index: number, { every, at }: Rule) => index % every === at;
const fromOne = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * The event history of `organisation` from `from`, appended as the API appends it: its
 * departments (name reservation, then the department), the custom field with its options, every
 * person (e-mail reservation, then the account: created by the admin, or one in four registered),
 * then the size's entries logged in time order, each dated up to two weeks before it was logged;
 * among them edits of recent entries (every fifth edited one moved to the year before),
 * deletions, sign-ins and sign-outs, password and name changes, and halfway the first
 * department's rename. Every event is a real contracts event.
 */
export function organisationHistory(organisation: Organisation, options: HistoryOptions): OrganisationHistory {
  const { people, departments, size } = organisation;
  const entries = size.entries;
  const ids: HistoryIds = {
    people: options.ids?.people ?? fromOne(people.length),
    departments: options.ids?.departments ?? fromOne(departments.length),
    entries: options.ids?.entries ?? fromOne(entries),
  };
  const appendCount =
    2 * departments.length +
    2 +
    2 * people.length +
    entries +
    Object.values(RULES).reduce((sum, rule) => sum + occurrences(entries, rule), 0) +
    (entries > 0 ? 3 : 0);
  const from = options.from.getTime();
  const step = options.to ? (options.to.getTime() - from) / appendCount : MINUTE_MS;
  const timeAt = (index: number) => from + Math.floor(index * step);
  const timeOf = (index: number) => new Date(timeAt(index));
  const passwordHash = options.passwordHash ?? NO_PASSWORD_HASH;

  function* setUp(): Generator<HistoryAppend> {
    for (const [index, name] of departments.entries()) {
      const departmentId = ids.departments[index]!;
      yield {
        stream: departmentNameReservationStream(name),
        events: [{ type: 'DepartmentNameReserved', data: { name, departmentId } }],
        expected: 'no_stream',
      };
      yield {
        stream: departmentStream(departmentId),
        events: [{ type: 'DepartmentCreated', data: { departmentId, name } }],
        expected: 'no_stream',
      };
    }
    yield {
      stream: formFieldNameReservationStream(CUSTOM_FIELD.name),
      events: [{ type: 'FormFieldNameReserved', data: { name: CUSTOM_FIELD.name, fieldId: FIELD_ID } }],
      expected: 'no_stream',
    };
    yield {
      stream: formFieldStream(FIELD_ID),
      events: [
        {
          type: 'FormFieldAdded',
          data: {
            fieldId: FIELD_ID,
            order: 1,
            name: CUSTOM_FIELD.name,
            label: CUSTOM_FIELD.label,
            type: 'select',
            required: false,
          },
        },
        ...CUSTOM_FIELD.options.map((label, index): HistoryEvent => ({
          type: 'FormFieldOptionAdded',
          data: { fieldId: FIELD_ID, optionId: index + 1, value: optionValueFromLabel(label), label, order: index + 1 },
        })),
      ],
      expected: 'no_stream',
    };
    for (const person of people) {
      const userId = ids.people[person.index]!;
      const email = emailOf(person, 'example.com');
      const manager = person.managerIndex === null ? null : people[person.managerIndex]!;
      const profile = {
        userId,
        email,
        firstName: person.firstName,
        lastName: person.lastName,
        role: person.role,
        managerId: manager && ids.people[manager.index]!,
        managerName: manager && fullName(manager),
        department: person.department,
        passwordHash,
      };
      yield {
        stream: emailReservationStream(email),
        events: [{ type: 'EmailReserved', data: { email, userId } }],
        expected: 'no_stream',
      };
      yield {
        stream: userStream(userId),
        events: [
          person.role === 'employee' && person.index % 4 === 1
            ? { type: 'UserRegistered', data: profile }
            : { type: 'UserCreated', data: { ...profile, firstLoginRequired: false } },
        ],
        expected: 'no_stream',
      };
    }
  }

  function* appends(): Generator<HistoryAppend> {
    yield* setUp();
    const random = seededRandom(options.seed ?? 1);
    const draw = entryDrawer(organisation, random);
    const lastNames = people.map((person) => person.lastName);
    const managerNames = people.map((person) => (person.managerIndex === null ? '' : fullName(people[person.managerIndex]!)));
    const reports = people.map(() => [] as number[]);
    for (const person of people) if (person.managerIndex !== null) reports[person.managerIndex]!.push(person.index);
    const departmentNames = new Map<string, string>(departments.map((name) => [name, name]));
    const recent: { entryId: number; userId: number; details: EntryDetails; version: number }[] = [];
    const pickRecent = () => recent[random.int(recent.length)]!;
    const someone = () => ids.people[random.int(people.length)]!;
    let index = 2 * departments.length + 2 + 2 * people.length;
    for (let entry = 0; entry < entries; entry += 1) {
      const person = draw.author();
      const details = detailsWith(draw.entry(person, timeAt(index), from), {
        lastName: lastNames[person.index]!,
        managerName: managerNames[person.index]!,
        department: departmentNames.get(person.department)!,
      });
      const [entryId, userId] = [ids.entries[entry]!, ids.people[person.index]!];
      yield {
        stream: entryStream(entryId),
        events: [{ type: 'EntryLogged', data: { ...details, entryId, userId } }],
        expected: 'no_stream',
      };
      index += 1;
      recent.push({ entryId, userId, details, version: 0 });
      if (recent.length > RECENT) recent.shift();
      if (isAt(entry, RULES.edit)) {
        const edited = pickRecent();
        const date =
          edited.entryId % 5 === 0
            ? `${Number(edited.details.date.slice(0, 4)) - 1}${edited.details.date.slice(4)}`
            : edited.details.date;
        edited.details = { ...edited.details, date, hours: String(0.5 * (1 + random.int(16))), notes: 'Edited' };
        const data = { ...edited.details, entryId: edited.entryId, userId: edited.userId };
        yield { stream: entryStream(edited.entryId), events: [{ type: 'EntryEdited', data }], expected: edited.version };
        edited.version += 1;
        index += 1;
      }
      if (isAt(entry, RULES.deletion)) {
        const deleted = recent.splice(random.int(recent.length), 1)[0]!;
        const data = { entryId: deleted.entryId, userId: deleted.userId };
        yield { stream: entryStream(deleted.entryId), events: [{ type: 'EntryDeleted', data }], expected: deleted.version };
        index += 1;
      }
      if (isAt(entry, RULES.signIn)) {
        const userId = someone();
        yield {
          stream: userSessionsStream(userId),
          events: [{ type: 'UserLoggedIn', data: { userId, sessionId: `session-${entry}` } }],
          expected: 'any',
        };
        index += 1;
      }
      if (isAt(entry, RULES.signOut)) {
        // One device's sign-out (the ended-sessions read model), or one from before sessions (every device).
        const userId = someone();
        const data = random.chance(0.5)
          ? { userId, sessionId: `session-${entry}`, sessionExpiresAt: '2099-01-01T00:00:00.000Z' }
          : { userId };
        yield { stream: userSessionsStream(userId), events: [{ type: 'UserLoggedOut', data }], expected: 'any' };
        index += 1;
      }
      if (isAt(entry, RULES.passwordChange)) {
        const userId = someone();
        yield {
          stream: userStream(userId),
          events: [{ type: 'PasswordChanged', data: { userId, passwordHash } }],
          expected: 'any',
        };
        index += 1;
      }
      if (isAt(entry, RULES.nameChange)) {
        // Rare, and costly to project: entries and reports carry the name.
        const renamed = random.int(people.length);
        lastNames[renamed] = `${lastNames[renamed]}-${random.pick(lastNames)}`;
        for (const report of reports[renamed]!) managerNames[report] = `${people[renamed]!.firstName} ${lastNames[renamed]}`;
        const userId = ids.people[renamed]!;
        const data = { userId, changes: { lastName: lastNames[renamed] } };
        yield { stream: userStream(userId), events: [{ type: 'UserUpdated', data }], expected: 'any' };
        index += 1;
      }
      if (entry === Math.floor(entries / 2)) {
        yield* renameFirstDepartment(departments[0]!, ids.departments[0]!);
        departmentNames.set(departments[0]!, `${departments[0]} Group`);
        index += 3;
      }
    }
  }

  return { appends, appendCount, timeOf };
}

/** A department's rename as the API appends it: the new name reserved, the rename, the old name released. */
function* renameFirstDepartment(previousName: string, departmentId: number): Generator<HistoryAppend> {
  const name = `${previousName} Group`;
  yield {
    stream: departmentNameReservationStream(name),
    events: [{ type: 'DepartmentNameReserved', data: { name, departmentId } }],
    expected: 'no_stream',
  };
  yield {
    stream: departmentStream(departmentId),
    events: [{ type: 'DepartmentRenamed', data: { departmentId, name, previousName } }],
    expected: 0,
  };
  yield {
    stream: departmentNameReservationStream(previousName),
    events: [{ type: 'DepartmentNameReleased', data: { name: previousName, departmentId } }],
    expected: 0,
  };
}

/** `events` as the event store takes them, recorded at `occurredAt` (by no one: a seeded history). */
export const historyEvents = (events: readonly HistoryEvent[], occurredAt: Date) =>
  events.map((event) => ({
    type: event.type,
    data: event.data,
    metadata: {
      actorId: null,
      correlationId: `sample-${occurredAt.getTime()}`,
      occurredAt: occurredAt.toISOString(),
      schemaVersion: 1,
    },
  }));
