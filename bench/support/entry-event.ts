import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@tht/eventstore';

/** The `n`-th `EntryLogged` of an event-store benchmark: a typical entry as the product appends it. */
export function entryLogged(n: number): NewEvent {
  return {
    type: 'EntryLogged',
    data: {
      entryId: n,
      userId: 1 + (n % 100),
      trainingName: 'Fire safety',
      date: '2026-03-04',
      firstName: 'Ada',
      lastName: 'Lovelace',
      managerName: 'Grace Hopper',
      department: 'Engineering',
      hours: '1.5',
      notes: '',
      rating: 4,
      beInnovative: false,
      trainingType: 'internal',
      courseGivenBy: 'In house',
      customFields: {},
    },
    metadata: { actorId: '1', correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}
