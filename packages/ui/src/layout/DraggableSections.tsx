import DraggableList from './DraggableList';
import type { SortableSectionsProps } from './SortableSections';
import { moveTo, useStoredOrder } from './storedOrder';

/** SortableSections as a reorderable list whose order is kept in local storage. */
export default function DraggableSections<Id extends string>({ label, storageKey, sections }: SortableSectionsProps<Id>) {
  const [order, setOrder] = useStoredOrder(
    storageKey,
    sections.map((section) => section.id),
  );
  const byId = new Map(sections.map((section) => [section.id, section]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  return <DraggableList label={label} noun="section" items={ordered} onMove={(id, index) => setOrder(moveTo(order, id, index))} />;
}
