import {
  departmentNameReservationStream,
  departmentStream,
  emailReservationStream,
  entryStream,
  userStream,
  type AccountEventData,
  type EntryDetails,
} from '@tht/contracts';
import type { SampleAppend } from '../../projections/src/framework/testing/sample-history';
import { random, syntheticEntry, type SeedPlan } from './seed';

/** Ids allocated for the history beforehand (the product's sequences, so its own later ids do not collide). */
export interface HistoryIds {
  users: readonly number[];
  departments: readonly number[];
  entries: readonly number[];
}

export interface OrganisationHistory {
  /** The appends in log order, generated as they are read. */
  appends: () => Generator<SampleAppend>;
  /** How many appends `appends` yields. */
  appendCount: number;
  /** When the append at `index` happened: evenly spread from `from` to `to`. */
  timeOf: (index: number) => Date;
}

const DAY_MS = 86_400_000;
const RECENT = 500;
/** After the entry logged at index i: an edit of a recent entry when i % 33 === 32, a deletion when i % 100 === 57, a sign-in when i % 16 === 3. */
const EDIT = { every: 33, at: 32 };
const DELETION = { every: 100, at: 57 };
const SIGN_IN = { every: 16, at: 3 };

/** How many of the indexes below `count` are `at` modulo `every`. */
const occurrences = (count: number, { every, at }: { every: number; at: number }) =>
  count > at ? Math.floor((count - 1 - at) / every) + 1 : 0;
const isAt = (index: number, { every, at }: { every: number; at: number }) => index % every === at;

const nameOf = (index: number) => ({ firstName: `First${index}`, lastName: `Last${index}` });
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The event history of the organisation `plan` describes, from `from` to `to`, appended as the API
 * appends it: its departments (name reservation, then the department), then every person (e-mail
 * reservation, then the account, in `departments` in turn), then the plan's entries logged in time
 * order by random people, each dated up to a month before it was logged; among them edits of
 * recent entries, deletions and sign-ins, in fixed proportions so the number of appends, and so
 * each one's time, is known up front.
 */
export function organisationHistory({
  plan,
  ids,
  departments,
  passwordHash,
  from,
  to,
  seed,
}: {
  plan: SeedPlan;
  ids: HistoryIds;
  departments: readonly string[];
  passwordHash: string;
  from: Date;
  to: Date;
  seed: number;
}): OrganisationHistory {
  const entries = plan.entries;
  const appendCount =
    2 * departments.length +
    2 * plan.users +
    entries +
    occurrences(entries, EDIT) +
    occurrences(entries, DELETION) +
    occurrences(entries, SIGN_IN);
  const step = (to.getTime() - from.getTime()) / appendCount;
  const timeOf = (index: number) => new Date(from.getTime() + Math.floor(index * step));
  const departmentOf = (userIndex: number) => departments[userIndex % departments.length]!;

  function* people(): Generator<SampleAppend> {
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
    for (let index = 0; index < plan.users; index += 1) {
      const userId = ids.users[index]!;
      const { role, managerIndex } = plan.profileOf(index);
      const manager = managerIndex === null ? null : nameOf(managerIndex);
      const email = `bench${index}@example.com`;
      const data: AccountEventData['UserCreated'] = {
        userId,
        email,
        ...nameOf(index),
        role,
        managerId: managerIndex === null ? null : ids.users[managerIndex]!,
        managerName: manager && `${manager.firstName} ${manager.lastName}`,
        department: departmentOf(index),
        passwordHash,
        firstLoginRequired: false,
      };
      yield {
        stream: emailReservationStream(email),
        events: [{ type: 'EmailReserved', data: { email, userId } }],
        expected: 'no_stream',
      };
      yield { stream: userStream(userId), events: [{ type: 'UserCreated', data }], expected: 'no_stream' };
    }
  }

  function* appends(): Generator<SampleAppend> {
    yield* people();
    const next = random(seed);
    const recent: { entryId: number; userId: number; details: EntryDetails; version: number }[] = [];
    const pickRecent = () => recent[Math.floor(next() * recent.length)]!;
    let index = 2 * departments.length + 2 * plan.users;
    for (let entry = 0; entry < entries; entry += 1) {
      const userIndex = Math.floor(next() * plan.users);
      const user = { id: ids.users[userIndex]!, token: '', ...nameOf(userIndex) };
      const managerIndex = plan.profileOf(userIndex).managerIndex;
      const loggedAt = timeOf(index).getTime();
      const details: EntryDetails = {
        ...syntheticEntry(entry, user, next, [2000], managerIndex === null ? '' : `First${managerIndex} Last${managerIndex}`),
        date: isoDay(Math.max(from.getTime(), loggedAt - Math.floor(next() * 30) * DAY_MS)),
        department: departmentOf(userIndex),
      };
      const entryId = ids.entries[entry]!;
      yield {
        stream: entryStream(entryId),
        events: [{ type: 'EntryLogged', data: { ...details, entryId, userId: user.id } }],
        expected: 'no_stream',
      };
      index += 1;
      recent.push({ entryId, userId: user.id, details, version: 0 });
      if (recent.length > RECENT) recent.shift();
      if (isAt(entry, EDIT)) {
        const edited = pickRecent();
        edited.details = { ...edited.details, hours: String(0.5 * (1 + Math.floor(next() * 16))), notes: 'Edited' };
        const data = { ...edited.details, entryId: edited.entryId, userId: edited.userId };
        yield { stream: entryStream(edited.entryId), events: [{ type: 'EntryEdited', data }], expected: edited.version };
        edited.version += 1;
        index += 1;
      }
      if (isAt(entry, DELETION)) {
        const deleted = recent.splice(Math.floor(next() * recent.length), 1)[0]!;
        const data = { entryId: deleted.entryId, userId: deleted.userId };
        yield { stream: entryStream(deleted.entryId), events: [{ type: 'EntryDeleted', data }], expected: deleted.version };
        index += 1;
      }
      if (isAt(entry, SIGN_IN)) {
        const userId = ids.users[Math.floor(next() * plan.users)]!;
        yield {
          stream: userStream(userId),
          events: [{ type: 'UserLoggedIn', data: { userId, sessionId: `session-${entry}` } }],
          expected: 'any',
        };
        index += 1;
      }
    }
  }

  return { appends, appendCount, timeOf };
}
