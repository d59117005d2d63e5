import type { FormFieldView } from '@tht/contracts';

export type FieldOrderChange = { fieldId: number; order: number };

/**
 * The order changes that put `fields` (in their new sequence) at positions 1..n: every field whose
 * stored order is not its new 1-based position. After a move in a list numbered 1..n these are
 * exactly the fields whose position changed; a list with gaps (after a deletion)
 * is renumbered where needed, so no two fields end up sharing an order.
 */
export function fieldOrderChanges(fields: readonly FormFieldView[]): FieldOrderChange[] {
  return fields.flatMap((field, index) => (field.order === index + 1 ? [] : [{ fieldId: field.id, order: index + 1 }]));
}

/** The fields as they stand after the move, each with its new order. */
export function renumbered(fields: readonly FormFieldView[]): FormFieldView[] {
  return fields.map((field, index) => ({ ...field, order: index + 1 }));
}

/** The order of a new field: after the last one (max + 1). */
export function nextOrder(items: ReadonlyArray<{ order: number }>): number {
  return items.reduce((max, item) => Math.max(max, item.order), 0) + 1;
}
