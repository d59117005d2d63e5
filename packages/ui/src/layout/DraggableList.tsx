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
import styled, { css } from 'styled-components';
import { Button } from '../primitives/Button';
import type { ReorderableItem, ReorderableListLayout, ReorderableListProps } from './reorderable';

const List = styled.ul<{ $layout: ReorderableListLayout }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $layout }) => theme.spacing($layout === 'stacked' ? 5 : 2)};
`;

const Item = styled.li<{ $dragged: boolean; $layout: ReorderableListLayout }>`
  position: relative;
  border-radius: ${({ theme }) => theme.radii.medium};
  outline: 2px dashed ${({ theme, $dragged }) => ($dragged ? theme.colors.primary : 'transparent')};
  outline-offset: 4px;
  opacity: ${({ $dragged }) => ($dragged ? 0.85 : 1)};
  z-index: ${({ $dragged }) => ($dragged ? 1 : 'auto')};
  ${({ $layout, theme }) =>
    $layout === 'row' &&
    css`
      display: flex;
      align-items: center;
      gap: ${theme.spacing(2)};
      padding: ${theme.spacing(2)};
      border: 1px solid ${theme.colors.border};
      background: ${theme.colors.surface};
    `}
`;

const Toolbar = styled.div<{ $layout: ReorderableListLayout }>`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-bottom: ${({ theme, $layout }) => ($layout === 'stacked' ? theme.spacing(1) : 0)};
`;

const RowContent = styled.div`
  flex: 1;
  min-width: 0;
`;

// touch-action: none lets a finger on the handle drag the item instead of scrolling the page.
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

const instructionsFor = (noun: string) => ({
  draggable: `To pick up a ${noun}, press Space or Enter. Use the up and down arrow keys to move it, Space or Enter to drop it in its new place, or Escape to cancel.`,
});

/** The item under the pointer (as a user aims); keyboard moves and gaps between items fall back to the nearest one. */
const itemUnderPointer: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : closestCenter(args);
};

/** What screen readers hear while an item is dragged (dnd-kit's live region), with item titles and positions. */
function announcementsFor(
  noun: string,
  titleOf: (id: UniqueIdentifier) => string,
  positionOf: (id: UniqueIdentifier) => string,
): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${titleOf(active.id)} is not over a ${noun}.`;
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
 * ReorderableList on dnd-kit: each item's handle can be dragged with a mouse, a finger (after a
 * short press, so a swipe still scrolls) or the keyboard (Space, arrows, Space), each step
 * announced with the item titles; the Move up / Move down buttons do the same one step at a time.
 */
export default function DraggableList<Id extends UniqueIdentifier>({
  label,
  noun,
  items,
  onMove,
  layout = 'stacked',
}: ReorderableListProps<Id>) {
  const [buttonAnnouncement, setButtonAnnouncement] = useState('');
  const pickedUp = useRef(false);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const order = items.map((item) => item.id);
  const titleOf = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.title ?? String(id);
  const positionOf = (id: UniqueIdentifier) => `position ${order.indexOf(id as Id) + 1} of ${order.length}`;
  const spoken = announcementsFor(noun, titleOf, positionOf);

  function moveByButton(id: Id, targetIndex: number) {
    onMove(id, targetIndex);
    setButtonAnnouncement(`${titleOf(id)} moved to position ${targetIndex + 1} of ${order.length}`);
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
    if (over && over.id !== active.id) onMove(active.id as Id, order.indexOf(over.id as Id));
  }

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={itemUnderPointer}
        accessibility={{
          // The first "over" after a pick-up is the item itself and would drown the pick-up
          // announcement, so it is not announced (as in dnd-kit's own sortable example).
          announcements: { ...spoken, onDragOver: (moment) => (isFirstOverAfterPickUp() ? undefined : spoken.onDragOver(moment)) },
          screenReaderInstructions: instructionsFor(noun),
        }}
        onDragStart={pickUp}
        onDragEnd={drop}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <List aria-label={label} $layout={layout}>
            {items.map((item, index) => (
              <SortableItem key={item.id} item={item} layout={layout}>
                <MoveButton
                  aria-label={`Move ${item.title} up`}
                  aria-disabled={index === 0}
                  onClick={() => index > 0 && moveByButton(item.id, index - 1)}
                >
                  ↑
                </MoveButton>
                <MoveButton
                  aria-label={`Move ${item.title} down`}
                  aria-disabled={index === items.length - 1}
                  onClick={() => index < items.length - 1 && moveByButton(item.id, index + 1)}
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

function SortableItem<Id extends UniqueIdentifier>({
  item,
  layout,
  children,
}: {
  item: ReorderableItem<Id>;
  layout: ReorderableListLayout;
  /** The move buttons: after the drag handle above a stacked item, at the end of a row. */
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  const handle = (
    <Handle
      ref={setActivatorNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      aria-label={`Drag ${item.title} to reorder`}
      title={`Drag ${item.title} to reorder`}
    >
      ⠿
    </Handle>
  );
  return (
    <Item
      ref={setNodeRef}
      aria-label={item.title}
      $dragged={isDragging}
      $layout={layout}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {layout === 'stacked' ? (
        <>
          <Toolbar $layout={layout}>
            {handle}
            {children}
          </Toolbar>
          {item.content}
        </>
      ) : (
        <>
          {handle}
          <RowContent>{item.content}</RowContent>
          <Toolbar $layout={layout}>{children}</Toolbar>
        </>
      )}
    </Item>
  );
}
