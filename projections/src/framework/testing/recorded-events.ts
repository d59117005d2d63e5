import type { RecordedEvent } from '@tht/eventstore';

/**
 * For projector tests: `recorded(type, data, occurredAt?)` gives the event as the store hands it to
 * projectors, each with the next global position.
 */
export function eventRecorder(defaultOccurredAt: string): (type: string, data: unknown, occurredAt?: string) => RecordedEvent {
  let position = 0;
  return (type, data, occurredAt = defaultOccurredAt) => {
    position += 1;
    return {
      type,
      data,
      metadata: { actorId: '1', correlationId: 'test', occurredAt, schemaVersion: 1 },
      eventId: `event-${position}`,
      streamName: 'test',
      streamVersion: 0,
      globalPosition: String(position).padStart(20, '0'),
    };
  };
}
