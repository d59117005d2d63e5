import type { AccountEvent, EntryDetails, EntryEvent, FormFieldEvent, Role } from '@tht/contracts';
import type { EventStore, ExpectedVersion, NewEvent } from '@tht/eventstore';

/**
 * A deterministic, realistic event history of the product (departments, form fields, users who
 * sign in, log, edit and delete training entries, a department rename...), for the rebuild test
 * and benchmarks. Every event is a real contracts event, appended the way the API appends it.
 */
export type SampleEvent = AccountEvent | EntryEvent | FormFieldEvent;

export interface SampleAppend {
  stream: string;
  events: SampleEvent[];
  expected: ExpectedVersion;
}

interface SampleUser {
  id: number;
  firstName: string;
  lastName: string;
  department: string;
  managerId: number | null;
  managerName: string | null;
}

const DEPARTMENTS = ['Engineering', 'Finance', 'People', 'Sales', 'Support'];
const TRAININGS = ['Fire safety', 'TypeScript deep dive', 'Negotiation', 'First aid', 'Leadership basics', 'Data protection'];

/** A small deterministic pseudo-random generator (mulberry32), so every run has the same history. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

/** About `size` events in appends (reservations and their facts are separate appends, as in the API). */
export function sampleHistory(size: number, seed = 42): SampleAppend[] {
  const rnd = random(seed);
  const appends: SampleAppend[] = [];
  const versions = new Map<string, number>();
  let count = 0;
  const append = (stream: string, ...events: SampleEvent[]) => {
    const current = versions.get(stream);
    appends.push({ stream, events, expected: current === undefined ? 'no_stream' : current });
    versions.set(stream, (current ?? -1) + events.length);
    count += events.length;
  };

  DEPARTMENTS.forEach((name, i) => {
    append(`department-name-${name.toLowerCase()}`, { type: 'DepartmentNameReserved', data: { name, departmentId: i + 1 } });
    append(`department-${i + 1}`, { type: 'DepartmentCreated', data: { departmentId: i + 1, name } });
  });
  const departments = [...DEPARTMENTS];

  append('form-field-name-venue', { type: 'FormFieldNameReserved', data: { name: 'venue', fieldId: 1 } });
  append('form-field-1', {
    type: 'FormFieldAdded',
    data: { fieldId: 1, order: 1, name: 'venue', label: 'Venue', type: 'text', required: false },
  });
  append('form-field-name-format', { type: 'FormFieldNameReserved', data: { name: 'format', fieldId: 2 } });
  append(
    'form-field-2',
    { type: 'FormFieldAdded', data: { fieldId: 2, order: 2, name: 'format', label: 'Format', type: 'select', required: true } },
    { type: 'FormFieldOptionAdded', data: { fieldId: 2, optionId: 1, value: 'online', label: 'Online', order: 1 } },
    { type: 'FormFieldOptionAdded', data: { fieldId: 2, optionId: 2, value: 'classroom', label: 'Classroom', order: 2 } },
  );

  const userCount = Math.max(3, Math.round(size / 60));
  const users: SampleUser[] = [];
  const hash = (n: number) => `$2b$10$${'x'.repeat(40)}${String(n).padStart(13, '0')}`;
  for (let id = 1; id <= userCount; id++) {
    const manager = id > 3 && rnd.next() < 0.8 ? users[rnd.int(Math.min(users.length, 10))]! : null;
    const user: SampleUser = {
      id,
      firstName: `First${id}`,
      lastName: `Last${id}`,
      department: rnd.pick(departments),
      managerId: manager?.id ?? null,
      managerName: manager ? `${manager.firstName} ${manager.lastName}` : null,
    };
    users.push(user);
    const email = `user${id}@example.com`;
    const role: Role =
      id === 1 ? 'admin' : id <= 10 ? 'manager' : rnd.pick(['employee', 'employee', 'employee', 'hr', 'smt'] as const);
    const profile = {
      email,
      firstName: user.firstName,
      lastName: user.lastName,
      role,
      managerId: user.managerId,
      managerName: user.managerName,
      department: user.department,
    };
    append(`email-${email}`, { type: 'EmailReserved', data: { email, userId: id } });
    append(
      `user-${id}`,
      rnd.next() < 0.5
        ? { type: 'UserRegistered', data: { ...profile, userId: id, passwordHash: hash(id) } }
        : { type: 'UserCreated', data: { ...profile, userId: id, passwordHash: hash(id), firstLoginRequired: true } },
    );
  }

  const entries = new Map<number, { userId: number; details: EntryDetails }>();
  /** Ids of the entries not deleted, newest last; edits and deletions pick among recent ones. */
  const liveEntryIds: number[] = [];
  const recentEntryId = () => liveEntryIds[liveEntryIds.length - 1 - rnd.int(Math.min(500, liveEntryIds.length))]!;
  let nextEntryId = 1;
  const details = (user: SampleUser): EntryDetails => ({
    trainingName: rnd.pick(TRAININGS),
    date: `2026-${String(1 + rnd.int(12)).padStart(2, '0')}-${String(1 + rnd.int(28)).padStart(2, '0')}`,
    firstName: user.firstName,
    lastName: user.lastName,
    managerName: user.managerName ?? '',
    department: user.department,
    hours: String((1 + rnd.int(16)) / 2),
    notes: rnd.next() < 0.3 ? 'Worth it' : '',
    rating: 1 + rnd.int(5),
    beInnovative: rnd.next() < 0.2,
    trainingType: rnd.pick(['internal', 'external']),
    courseGivenBy: rnd.pick(['Acme Academy', 'In house', 'Online course']),
    customFields: rnd.next() < 0.5 ? { venue: 'Room 4', format: 'online' } : { format: 'classroom' },
  });
  let renamed = false;
  while (count < size) {
    const user = rnd.pick(users);
    const roll = rnd.next();
    if (roll < 0.5 || liveEntryIds.length === 0) {
      const entryId = nextEntryId++;
      const entry = { userId: user.id, details: details(user) };
      entries.set(entryId, entry);
      liveEntryIds.push(entryId);
      append(`entry-${entryId}`, { type: 'EntryLogged', data: { ...entry.details, entryId, userId: user.id } });
    } else if (roll < 0.65) {
      const entryId = recentEntryId();
      const entry = entries.get(entryId)!;
      // Every fifth edited entry also moves to the year before (per-year read models move it along).
      const date = entryId % 5 === 0 ? `2025${entry.details.date.slice(4)}` : entry.details.date;
      entry.details = { ...entry.details, date, hours: String((1 + rnd.int(16)) / 2), notes: 'Edited' };
      append(`entry-${entryId}`, { type: 'EntryEdited', data: { ...entry.details, entryId, userId: entry.userId } });
    } else if (roll < 0.68) {
      const entryId = recentEntryId();
      const { userId } = entries.get(entryId)!;
      entries.delete(entryId);
      liveEntryIds.splice(liveEntryIds.lastIndexOf(entryId), 1);
      append(`entry-${entryId}`, { type: 'EntryDeleted', data: { entryId, userId } });
    } else if (roll < 0.95) {
      append(`user-${user.id}`, { type: 'UserLoggedIn', data: { userId: user.id, sessionId: `session-${count}` } });
    } else if (roll < 0.955) {
      append(`user-${user.id}`, { type: 'PasswordChanged', data: { userId: user.id, passwordHash: hash(count) } });
    } else if (roll < 0.957) {
      // Profile changes are rare, and costly to project: entries and reports carry the name.
      user.lastName = `Renamed${count}`;
      for (const report of users) if (report.managerId === user.id) report.managerName = `${user.firstName} ${user.lastName}`;
      append(`user-${user.id}`, { type: 'UserUpdated', data: { userId: user.id, changes: { lastName: user.lastName } } });
    } else if (!renamed && count > size / 2) {
      renamed = true;
      departments[0] = 'Platform Engineering';
      for (const u of users) if (u.department === 'Engineering') u.department = 'Platform Engineering';
      append('department-1', {
        type: 'DepartmentRenamed',
        data: { departmentId: 1, name: 'Platform Engineering', previousName: 'Engineering' },
      });
    } else if (count % 2 === 0) {
      // One device's logout (the ended-sessions read model), or one from before sessions (every device).
      const data = { userId: user.id, sessionId: `session-${count}`, sessionExpiresAt: '2099-01-01T00:00:00.000Z' };
      append(`user-${user.id}`, { type: 'UserLoggedOut', data });
    } else {
      append(`user-${user.id}`, { type: 'UserLoggedOut', data: { userId: user.id } });
    }
  }
  return appends;
}

export function toNewEvents(events: readonly SampleEvent[], occurredAt: Date): NewEvent[] {
  return events.map((event) => ({
    type: event.type,
    data: event.data,
    metadata: {
      actorId: null,
      correlationId: `sample-${occurredAt.getTime()}`,
      occurredAt: occurredAt.toISOString(),
      schemaVersion: 1,
    },
  }));
}

/** When the append at `index` of a sample history happened: one a minute from 5 January 2026, 08:00 UTC. */
export function sampleAppendTime(index: number): Date {
  return new Date(Date.UTC(2026, 0, 5, 8) + index * 60_000);
}

/**
 * Appends a history with `writers` concurrent writers (appends to one stream stay in order),
 * returning the global position of the last append. `firstIndex`: the history's place in a longer
 * one appended in parts (its times go on from there).
 */
export async function appendHistory(
  store: EventStore,
  appends: readonly SampleAppend[],
  writers = 1,
  firstIndex = 0,
): Promise<string> {
  let last = '';
  const byWriter = Array.from({ length: writers }, () => [] as { append: SampleAppend; index: number }[]);
  const writerOf = new Map<string, number>();
  appends.forEach((append, index) => {
    // Streams created together (reservation, then the entity) stay on one writer, in order.
    const owner = writerOf.get(append.stream) ?? index % writers;
    writerOf.set(append.stream, owner);
    byWriter[owner]!.push({ append, index });
  });
  await Promise.all(
    byWriter.map(async (queue) => {
      for (const { append, index } of queue) {
        const { lastGlobalPosition } = await store.append(
          append.stream,
          toNewEvents(append.events, sampleAppendTime(firstIndex + index)),
          append.expected,
        );
        if (lastGlobalPosition > last) last = lastGlobalPosition;
      }
    }),
  );
  return last;
}
