import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../primitives/Spinner';
import type { ReorderableListProps } from './reorderable';

export type { ReorderableItem, ReorderableListLayout, ReorderableListProps } from './reorderable';

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
