import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../primitives/Button';
import type { SortableSection, SortableSectionsProps } from './SortableSections';
import { moveTo, useStoredOrder } from './storedOrder';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(5)};
`;

const Item = styled.li<{ $dragged: boolean }>`
  position: relative;
  border-radius: ${({ theme }) => theme.radii.medium};
  outline: 2px dashed ${({ theme, $dragged }) => ($dragged ? theme.colors.primary : 'transparent')};
  outline-offset: 4px;
  opacity: ${({ $dragged }) => ($dragged ? 0.85 : 1)};
  z-index: ${({ $dragged }) => ($dragged ? 1 : 'auto')};
`;

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-bottom: ${({ theme }) => theme.spacing(1)};
`;

// touch-action: none lets a finger on the handle drag the section instead of scrolling the page.
const Handle = styled.button`
  padding: 0 ${({ theme }) => theme.spacing(2)};
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.mutedText};
  cursor: grab;
  user-select: none;
  touch-action: none;
  font-size: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.small};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
`;

// aria-disabled rather than disabled at the ends, so a button keeps focus after its last move.
const MoveButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  padding: 0 ${({ theme }) => theme.spacing(2)};
  &[aria-disabled='true'] {
    opacity: 0.4;
    cursor: default;
  }
`;

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To pick up a section, press Space or Enter. Use the up and down arrow keys to move it, Space or Enter to drop it in its new place, or Escape to cancel.',
};

/** The section under the pointer (as a user aims); keyboard moves and gaps between sections fall back to the nearest one. */
const sectionUnderPointer: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : closestCenter(args);
};

/** What screen readers hear while a section is dragged (dnd-kit's live region), with section titles and positions. */
function announcementsFor(titleOf: (id: UniqueIdentifier) => string, positionOf: (id: UniqueIdentifier) => string): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${titleOf(active.id)} is not over a section.`;
      if (over.id === active.id) return `${titleOf(active.id)} is back at ${positionOf(active.id)}.`;
      return `${titleOf(active.id)} is over ${titleOf(over.id)}, ${positionOf(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at ${positionOf(over.id)}.`
        : `${titleOf(active.id)} dropped; it stays at ${positionOf(active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled; it stays at ${positionOf(active.id)}.`,
  };
}

/**
 * SortableSections on dnd-kit: each section's handle can be dragged with a mouse, a finger (after
 * a short press, so a swipe still scrolls) or the keyboard (Space, arrows, Space), each step
 * announced with the section titles; the Move up / Move down buttons do the same one step at a time.
 */
export default function DraggableSections<Id extends string>({ label, storageKey, sections }: SortableSectionsProps<Id>) {
  const [order, setOrder] = useStoredOrder(
    storageKey,
    sections.map((section) => section.id),
  );
  const [buttonAnnouncement, setButtonAnnouncement] = useState('');
  const pickedUp = useRef(false);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byId = new Map(sections.map((section) => [section.id, section]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  const titleOf = (id: UniqueIdentifier) => byId.get(id as Id)?.title ?? String(id);
  const positionOf = (id: UniqueIdentifier) => `position ${order.indexOf(id as Id) + 1} of ${order.length}`;
  const spoken = announcementsFor(titleOf, positionOf);

  function move(id: Id, targetIndex: number) {
    const next = moveTo(order, id, targetIndex);
    setOrder(next);
    return next;
  }

  function moveByButton(id: Id, targetIndex: number) {
    const next = move(id, targetIndex);
    setButtonAnnouncement(`${titleOf(id)} moved to position ${next.indexOf(id) + 1} of ${next.length}`);
  }

  function isFirstOverAfterPickUp() {
    const first = pickedUp.current;
    pickedUp.current = false;
    return first;
  }

  function pickUp() {
    pickedUp.current = true;
  }

  function drop({ active, over }: DragEndEvent) {
    if (over && over.id !== active.id) move(active.id as Id, order.indexOf(over.id as Id));
  }

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={sectionUnderPointer}
        accessibility={{
          // The first "over" after a pick-up is the section itself and would drown the pick-up
          // announcement, so it is not announced (as in dnd-kit's own sortable example).
          announcements: { ...spoken, onDragOver: (moment) => (isFirstOverAfterPickUp() ? undefined : spoken.onDragOver(moment)) },
          screenReaderInstructions: SCREEN_READER_INSTRUCTIONS,
        }}
        onDragStart={pickUp}
        onDragEnd={drop}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <List aria-label={label}>
            {ordered.map((section, index) => (
              <SortableItem key={section.id} section={section}>
                <MoveButton
                  aria-label={`Move ${section.title} up`}
                  aria-disabled={index === 0}
                  onClick={() => index > 0 && moveByButton(section.id, index - 1)}
                >
                  ↑
                </MoveButton>
                <MoveButton
                  aria-label={`Move ${section.title} down`}
                  aria-disabled={index === ordered.length - 1}
                  onClick={() => index < ordered.length - 1 && moveByButton(section.id, index + 1)}
                >
                  ↓
                </MoveButton>
              </SortableItem>
            ))}
          </List>
        </SortableContext>
      </DndContext>
      <p className="visually-hidden" aria-live="polite">
        {buttonAnnouncement}
      </p>
    </>
  );
}

function SortableItem<Id extends string>({
  section,
  children,
}: {
  section: SortableSection<Id>;
  /** The move buttons, after the drag handle in the section's toolbar. */
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: section.id,
  });
  return (
    <Item
      ref={setNodeRef}
      aria-label={section.title}
      $dragged={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Toolbar>
        <Handle
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${section.title} to reorder`}
          title={`Drag ${section.title} to reorder`}
        >
          ⠿
        </Handle>
        {children}
      </Toolbar>
      {section.content}
    </Item>
  );
}
