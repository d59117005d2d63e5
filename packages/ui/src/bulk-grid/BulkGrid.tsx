import type { ClipboardEvent } from 'react';
import styled from 'styled-components';
import {
  displayTrainingType,
  GRID_COLUMN_LABELS,
  GRID_COLUMNS,
  restrictedColumnOptions,
  type GridColumn,
  type GridRow,
  type GridVariant,
  type RestrictedGridColumn,
} from '@tht/contracts';
import { Button, TableScroll } from '@tht/ui';

const Scroll = styled(TableScroll)`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
`;

const Table = styled.table`
  border-collapse: collapse;
  min-width: 100%;
  & th, & td { border: 1px solid ${({ theme }) => theme.colors.border}; padding: 0; }
  & th {
    padding: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(2)}`};
    font-size: 0.8125rem;
    text-align: left;
    white-space: nowrap;
    background: ${({ theme }) => theme.colors.subtle};
  }
  & input, & select {
    width: 100%;
    min-width: 7rem;
    border: none;
    padding: ${({ theme }) => theme.spacing(2)};
    font: inherit;
    background: transparent;
  }
  & td:first-child input { min-width: 12rem; }
  & input:focus, & select:focus { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: -2px; }
`;

const RowNumber = styled.th`
  text-align: center;
`;

const RemoveButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  padding: ${({ theme }) => theme.spacing(1)};
  color: ${({ theme }) => theme.colors.destructive};
`;

// Typed against the contracts' RestrictedGridColumn, so a column added there fails to compile here.
const RESTRICTED: Readonly<Record<RestrictedGridColumn, true>> = { trainingType: true, rating: true, beInnovative: true };

function isRestricted(column: GridColumn): column is RestrictedGridColumn {
  return column in RESTRICTED;
}

function optionLabel(column: RestrictedGridColumn, value: string): string {
  return column === 'trainingType' ? displayTrainingType(value) : value;
}

type BulkGridProps = {
  rows: readonly GridRow[];
  variant: GridVariant;
  onCellChange: (row: number, column: GridColumn, value: string) => void;
  /** Spreadsheet text pasted into the cell at (row, column). */
  onPaste: (text: string, row: number, column: GridColumn) => void;
  onRemoveRow: (row: number) => void;
};

/**
 * The spreadsheet-style grid: one row per entry in `GRID_COLUMNS` order, selects for the restricted
 * columns. Pasting tab-separated or multi-line text fills the grid from the cell pasted into.
 */
export function BulkGrid({ rows, variant, onCellChange, onPaste, onRemoveRow }: BulkGridProps) {
  function pasteHandler(row: number, column: GridColumn) {
    return (event: ClipboardEvent) => {
      const text = event.clipboardData.getData('text/plain');
      // A single value typed into a free-text cell pastes as usual; anything else goes through the grid rules.
      if (!/[\t\r\n]/.test(text) && !isRestricted(column)) return;
      event.preventDefault();
      onPaste(text, row, column);
    };
  }

  return (
    <Scroll label="Bulk add entries">
      <Table aria-label="Bulk add entries">
        <thead>
          <tr>
            <th scope="col">#</th>
            {GRID_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {GRID_COLUMN_LABELS[column]}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              <RowNumber scope="row">{rowIndex + 1}</RowNumber>
              {GRID_COLUMNS.map((column) => {
                const label = `${GRID_COLUMN_LABELS[column]}, row ${rowIndex + 1}`;
                const common = {
                  'aria-label': label,
                  value: row[column],
                  onPaste: pasteHandler(rowIndex, column),
                };
                return (
                  <td key={column}>
                    {isRestricted(column) ? (
                      <select {...common} onChange={(event) => onCellChange(rowIndex, column, event.target.value)}>
                        <option value="" />
                        {restrictedColumnOptions(column, variant).map((option) => (
                          <option key={option} value={option}>
                            {optionLabel(column, option)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input {...common} type="text" onChange={(event) => onCellChange(rowIndex, column, event.target.value)} />
                    )}
                  </td>
                );
              })}
              <td>
                <RemoveButton aria-label={`Remove row ${rowIndex + 1}`} onClick={() => onRemoveRow(rowIndex)}>
                  ✕
                </RemoveButton>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
