import { ReorderableList, type ReorderableItem } from './ReorderableList';
import { moveTo, useStoredOrder } from './storedOrder';

/** A dashboard section; its title names it in the drag handle, the move buttons and the announcements ('Move Progress up'). */
export type SortableSection<Id extends string> = ReorderableItem<Id>;

export type SortableSectionsProps<Id extends string> = {
  /** Accessible name of the list of sections. */
  label: string;
  /** Local-storage key of the order (e.g. 'dashboard-module-order'). */
  storageKey: string;
  /** The sections in their default order. */
  sections: ReadonlyArray<SortableSection<Id>>;
};

/**
 * Dashboard sections the user can reorder as a `ReorderableList` (drag a section's handle with a
 * mouse, a finger or the keyboard, or use its Move up / Move down buttons). The order is kept in
 * local storage under `storageKey`.
 */
export function SortableSections<Id extends string>({ label, storageKey, sections }: SortableSectionsProps<Id>) {
  const [order, setOrder] = useStoredOrder(
    storageKey,
    sections.map((section) => section.id),
  );
  const byId = new Map(sections.map((section) => [section.id, section]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  return (
    <ReorderableList label={label} noun="section" items={ordered} onMove={(id, index) => setOrder(moveTo(order, id, index))} />
  );
}
