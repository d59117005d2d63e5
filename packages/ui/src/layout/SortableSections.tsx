import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '../primitives/Spinner';

export type SortableSection<Id extends string> = {
  id: Id;
  /** Names the section in the drag handle, the move buttons and the announcements ('Move Progress up'). */
  title: string;
  content: ReactNode;
};

export type SortableSectionsProps<Id extends string> = {
  /** Accessible name of the list of sections. */
  label: string;
  /** Local-storage key of the order (e.g. 'dashboard-module-order'). */
  storageKey: string;
  /** The sections in their default order. */
  sections: ReadonlyArray<SortableSection<Id>>;
};

// dnd-kit is loaded with the first dashboard that shows sections, not with the shell: @tht/ui is
// shared whole by the shell, whose first load has a 150 kB gzip budget.
const DraggableSections = lazy(() => import('./DraggableSections')) as ComponentType<SortableSectionsProps<string>>;

/**
 * Dashboard sections the user can reorder by dragging a section's handle (mouse, touch, or keyboard:
 * Space, arrow keys, Space), or with its Move up / Move down buttons. The order is kept in local
 * storage under `storageKey` and each move is announced to screen readers with the section titles.
 */
export function SortableSections<Id extends string>(props: SortableSectionsProps<Id>) {
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <DraggableSections {...props} />
    </Suspense>
  );
}
