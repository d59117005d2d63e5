import { useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type SortingState,
} from '@tanstack/react-table';
import styled from 'styled-components';
import { DataTable, EmptyText, TableScroll } from '@tht/ui';

const Table = styled(DataTable)`
  & th { white-space: nowrap; }
`;

const SortButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  font: inherit;
  font-weight: 600;
  color: inherit;
  cursor: pointer;
`;

const Empty = styled(EmptyText)`
  margin: ${({ theme }) => theme.spacing(4)} 0;
  text-align: center;
`;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const SORT_ARROWS = { asc: ' ▲', desc: ' ▼' } as const;

/**
 * The columns of a table, as TanStack Table's column helper builds them. Their value types differ
 * column by column, which TanStack's own types can only say with `any`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the value type differs column by column
export type SortableColumns<Row> = Array<ColumnDef<Row, any>>;

export interface SortableTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  rows: Row[];
  columns: SortableColumns<Row>;
  /** Shown instead of the table when there are no rows. */
  emptyText: ReactNode;
  /** The order before any header is pressed (none: as given). */
  initialSorting?: SortingState;
  /** A stable key for each row (default: its index). */
  rowId?: (row: Row) => string;
  /**
   * For rows the server sorts (a page of a longer list): the order they come in, and what a press
   * on a header asks for. Without it the table sorts the rows it is given.
   */
  serverSorting?: { sorting: SortingState; onChange: (sorting: SortingState) => void };
}

/** A column's header: a button that sorts by it where the column can sort (the arrow is for the eyes; aria-sort tells the rest). */
function ColumnHeader<Row>({ header }: { header: Header<Row, unknown> }) {
  const sorted = header.column.getIsSorted();
  const title = flexRender(header.column.columnDef.header, header.getContext());
  return (
    <th scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
      {header.column.getCanSort() ? (
        <SortButton type="button" onClick={header.column.getToggleSortingHandler()}>
          {title}
          <span aria-hidden="true">{sorted ? SORT_ARROWS[sorted] : ''}</span>
        </SortButton>
      ) : (
        title
      )}
    </th>
  );
}

/** A table (TanStack Table) whose column headers sort it; says `emptyText` when there is no row. */
export function SortableTable<Row>({
  label,
  rows,
  columns,
  emptyText,
  initialSorting = [],
  rowId,
  serverSorting,
}: SortableTableProps<Row>) {
  const [ownSorting, setOwnSorting] = useState<SortingState>(initialSorting);
  const sorting = serverSorting?.sorting ?? ownSorting;
  const setSorting = serverSorting?.onChange ?? setOwnSorting;
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: (change) => setSorting(typeof change === 'function' ? change(sorting) : change),
    manualSorting: serverSorting !== undefined,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowId,
  });
  if (rows.length === 0) return <Empty>{emptyText}</Empty>;
  return (
    <TableScroll label={label}>
      <Table aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <ColumnHeader key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
