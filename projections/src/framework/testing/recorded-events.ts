import type { ProductEvent, ProductEventData, ProductEventType } from '@tht/contracts';
import type { ProjectedEvent } from '../projector';

/**
 * For projector tests: `recorded(type, data, occurredAt?)` gives the event as the store hands it to
 * projectors, each with the next global position.
 */
export function eventRecorder(defaultOccurredAt: string) {
  let position = 0;
  return <Type extends ProductEventType>(
    type: Type,
    data: ProductEventData[Type],
    occurredAt = defaultOccurredAt,
  ): ProjectedEvent<Type> => {
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

/** The `index`-th event of a benchmark's synthetic history as the store hands it over, a second after the one before. */
export function syntheticEvent(event: ProductEvent, index: number, streamName: string, streamVersion = 0): ProjectedEvent {
  return {
    ...event,
    metadata: {
      actorId: null,
      correlationId: 'bench',
      occurredAt: new Date(1_767_225_600_000 + index * 1000).toISOString(),
      schemaVersion: 1,
    },
    eventId: `e${index}`,
    streamName,
    streamVersion,
    globalPosition: String(index + 1).padStart(20, '0'),
  };
}
