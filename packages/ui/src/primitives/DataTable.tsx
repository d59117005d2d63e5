import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';

// Positioned, so that what a table hides for screen readers (a caption, a column's name) stays
// inside the box and is clipped with the rest, instead of widening the page.
const Scroll = styled.div`
  position: relative;
  overflow-x: auto;
`;

/** Whether the box's content is wider than the box, followed as either changes size. */
function useScrollsSideways(box: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}

type TableScrollProps = {
  /** The table's name, which names the box while it scrolls. */
  label: string;
  className?: string;
  children: ReactNode;
};

/**
 * Lets a wide table scroll sideways inside its card or dialog, never the page. While its table is
 * wider than it, the box is a tab stop ('<label>, scrolls sideways'), so the keyboard scrolls it too.
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <Scroll
      ref={box}
      className={className}
      {...(scrolls && { role: 'region', 'aria-label': `${label}, scrolls sideways`, tabIndex: 0 })}
    >
      {children}
    </Scroll>
  );
}

/** The look of the data tables (entries, admin lists): full width, padded cells, rows divided by a border. */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th, & td {
    padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  & thead th { font-size: 0.875rem; color: ${({ theme }) => theme.colors.mutedText}; }
`;

/** A data table named by its caption (for screen readers), scrolling sideways in its own box when it is wider than it. */
export function CaptionedTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <TableScroll label={caption}>
      <DataTable>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </DataTable>
    </TableScroll>
  );
}
