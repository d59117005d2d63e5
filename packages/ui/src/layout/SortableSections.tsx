import { useState, type DragEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../primitives/Button';
import { moveTo, useStoredOrder } from './storedOrder';

export type SortableSection<Id extends string> = {
  id: Id;
  /** Names the section in the move buttons and announcements ('Move Progress up'). */
  title: string;
  content: ReactNode;
};

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(5)};
`;

const Item = styled.li<{ $dropTarget: boolean; $dragged: boolean }>`
  border-radius: ${({ theme }) => theme.radii.medium};
  outline: 2px dashed ${({ theme, $dropTarget }) => ($dropTarget ? theme.colors.primary : 'transparent')};
  outline-offset: 4px;
  opacity: ${({ $dragged }) => ($dragged ? 0.5 : 1)};
`;

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-bottom: ${({ theme }) => theme.spacing(1)};
`;

const Handle = styled.span`
  padding: 0 ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.colors.mutedText};
  cursor: grab;
  user-select: none;
  font-size: 1.25rem;
`;

// aria-disabled rather than disabled at the ends, so a button keeps focus after its last move.
const MoveButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  padding: 0 ${({ theme }) => theme.spacing(2)};
  &[aria-disabled='true'] { opacity: 0.4; cursor: default; }
`;

type SortableSectionsProps<Id extends string> = {
  /** Accessible name of the list of sections. */
  label: string;
  /** Local-storage key of the order (e.g. 'dashboard-module-order'). */
  storageKey: string;
  /** The sections in their default order. */
  sections: ReadonlyArray<SortableSection<Id>>;
};

/**
 * Dashboard sections the user can reorder by dragging a section's handle onto another section, or
 * with its Move up / Move down buttons (the keyboard way). The order is kept in local storage and
 * each move is announced.
 */
export function SortableSections<Id extends string>({ label, storageKey, sections }: SortableSectionsProps<Id>) {
  const [order, setOrder] = useStoredOrder(
    storageKey,
    sections.map((section) => section.id),
  );
  const [dragged, setDragged] = useState<Id | null>(null);
  const [dropTarget, setDropTarget] = useState<Id | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const byId = new Map(sections.map((section) => [section.id, section]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);

  function move(id: Id, targetIndex: number) {
    const next = moveTo(order, id, targetIndex);
    setOrder(next);
    setAnnouncement(`${byId.get(id)?.title} moved to position ${next.indexOf(id) + 1} of ${next.length}`);
  }

  function endDrag() {
    setDragged(null);
    setDropTarget(null);
  }

  function dropOn(target: Id, event: DragEvent) {
    event.preventDefault();
    if (dragged && dragged !== target) move(dragged, order.indexOf(target));
    endDrag();
  }

  return (
    <>
      <List aria-label={label}>
        {ordered.map((section, index) => (
          <Item
            key={section.id}
            aria-label={section.title}
            $dragged={dragged === section.id}
            $dropTarget={dropTarget === section.id && dragged !== section.id}
            onDragOver={(event) => {
              if (!dragged) return;
              event.preventDefault();
              setDropTarget(section.id);
            }}
            onDragLeave={() => setDropTarget((current) => (current === section.id ? null : current))}
            onDrop={(event) => dropOn(section.id, event)}
          >
            <Toolbar>
              <Handle
                draggable
                aria-hidden="true"
                title={`Drag ${section.title} to reorder`}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', section.id);
                  setDragged(section.id);
                }}
                onDragEnd={endDrag}
              >
                ⠿
              </Handle>
              <MoveButton
                aria-label={`Move ${section.title} up`}
                aria-disabled={index === 0}
                onClick={() => index > 0 && move(section.id, index - 1)}
              >
                ↑
              </MoveButton>
              <MoveButton
                aria-label={`Move ${section.title} down`}
                aria-disabled={index === ordered.length - 1}
                onClick={() => index < ordered.length - 1 && move(section.id, index + 1)}
              >
                ↓
              </MoveButton>
            </Toolbar>
            {section.content}
          </Item>
        ))}
      </List>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
