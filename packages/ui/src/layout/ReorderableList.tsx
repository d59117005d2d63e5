import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '../primitives/Spinner';

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

// dnd-kit is loaded with the first list that shows, not with the shell: @tht/ui is shared whole by
// the shell, whose first load has a 150 kB gzip budget.
const DraggableList = lazy(() => import('./DraggableList')) as ComponentType<ReorderableListProps<string | number>>;

/**
 * A list the user can reorder by dragging an item's handle (mouse, touch, or keyboard: Space, arrow
 * keys, Space), or with its Move up / Move down buttons; each move is announced to screen readers
 * with the item titles. The order lives with the caller, which `onMove` tells of every move.
 */
export function ReorderableList<Id extends string | number>(props: ReorderableListProps<Id>) {
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <DraggableList {...(props as unknown as ReorderableListProps<string | number>)} />
    </Suspense>
  );
}
