import type { ProductEventData, ProductEventType } from '@tht/contracts';
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
