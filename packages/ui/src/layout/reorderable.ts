// The props of `ReorderableList` (ReorderableList.tsx) and of its dnd-kit implementation
// (DraggableList.tsx, loaded with the first list that shows).
import type { ReactNode } from 'react';

export type ReorderableItem<Id extends string | number> = {
  id: Id;
  /** Names the item in the drag handle, the move buttons and the announcements ('Move Venue up'). */
  title: string;
  content: ReactNode;
};

/** 'stacked': the handle and move buttons above each item (dashboard sections); 'row': on one line with it (list rows). */
export type ReorderableListLayout = 'stacked' | 'row';

export type ReorderableListProps<Id extends string | number> = {
  /** Accessible name of the list. */
  label: string;
  /** What an item is called in the keyboard instructions ('To pick up a field, press Space...'). */
  noun: string;
  /** The items in their current order. */
  items: ReadonlyArray<ReorderableItem<Id>>;
  /** The user moved `id` to `targetIndex` (0-based) of the list. */
  onMove: (id: Id, targetIndex: number) => void;
  layout?: ReorderableListLayout;
};
