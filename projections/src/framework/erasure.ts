import type { ProjectedEvent } from './projector';

/**
 * The people a batch erases (`PersonErased`, decision 038), in log order. Each projector that
 * keeps a person's personal data rewrites it, after the batch's own writes, to what the event
 * store reads once their key is gone (`erasedValue` of @tht/contracts): a rebuild reads the
 * placeholders from the start and applies the same rewrite at the same event, so it ends equal.
 */
export function erasedIn(events: readonly ProjectedEvent[]): number[] {
  return events.flatMap((event) => (event.type === 'PersonErased' ? [event.data.userId] : []));
}
