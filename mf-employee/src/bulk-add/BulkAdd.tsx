import { useState } from 'react';
import styled from 'styled-components';
import {
  checkGrid,
  createGrid,
  describeBulkErrors,
  emptyGridRow,
  pasteIntoGrid,
  removeGridRow,
  type BulkEntriesResult,
  type GridColumn,
  type GridEntryOwner,
  type GridRow,
  type GridRowCheck,
  type GridVariant,
  type InvalidPaste,
} from '@tht/contracts';
import { apiRequest, Button, errorMessageOf, useRefreshEntryData, useToast } from '@tht/ui';
import { BulkGrid } from './BulkGrid';
import { BulkPreviewDialog } from './BulkPreviewDialog';

const VARIANT: GridVariant = 'user';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(3)};
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

const Group = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
`;

function invalidPasteToast(invalid: readonly InvalidPaste[]) {
  return {
    title: invalid.map((paste) => paste.title).join(', '),
    description: invalid.map((paste) => `${paste.values.map((value) => `"${value}"`).join(', ')}. ${paste.description}`).join(' '),
    variant: 'destructive' as const,
  };
}

function entriesCreated(count: number): string {
  return count === 1 ? '1 entry was created' : `${count} entries were created`;
}

type BulkAddProps = {
  /** Whose entries these are: names, and the manager and department rows may leave empty. */
  owner: GridEntryOwner;
  onClose: () => void;
};

/**
 * Bulk Add: a grid of 5 rows (at least 1 kept) filled by typing or pasting spreadsheet rows, then
 * a preview with each row's errors, then POST /api/entries/bulk with the error-free rows only.
 * Success clears the grid and closes it; a failure keeps everything as it was.
 */
export function BulkAdd({ owner, onClose }: BulkAddProps) {
  const [rows, setRows] = useState<GridRow[]>(() => createGrid());
  const [preview, setPreview] = useState<GridRowCheck[] | null>(null);
  const [pending, setPending] = useState(false);
  const { showToast } = useToast();
  const refreshEntryData = useRefreshEntryData();

  function changeCell(rowIndex: number, column: GridColumn, value: string) {
    setRows((previous) => previous.map((row, index) => (index === rowIndex ? { ...row, [column]: value } : row)));
  }

  function paste(text: string, row: number, column: GridColumn) {
    const result = pasteIntoGrid(rows, text, { row, column }, VARIANT);
    setRows(result.grid);
    if (result.invalid.length > 0) showToast(invalidPasteToast(result.invalid));
  }

  function openPreview() {
    const checks = checkGrid(rows, VARIANT, owner);
    if (checks.length === 0) {
      showToast({
        title: 'No valid entries',
        description: 'Fill in the training name, date and hours of at least one row.',
        variant: 'destructive',
      });
      return;
    }
    setPreview(checks);
  }

  function finish(result: BulkEntriesResult) {
    if (result.created === 0) {
      showToast({
        title: 'No entries created - validation failed',
        description: describeBulkErrors(result.errors).join(' '),
        variant: 'destructive',
      });
      return;
    }
    const failures = result.failed > 0 ? ` ${result.failed} failed: ${describeBulkErrors(result.errors).join(' ')}` : '';
    showToast({ title: 'Entries created', description: `${entriesCreated(result.created)}.${failures}` });
    setRows(createGrid());
    setPreview(null);
    onClose();
  }

  async function create(checks: readonly GridRowCheck[]) {
    const ready = checks.filter((check) => check.errors.length === 0).map((check) => check.entry);
    if (ready.length === 0) {
      showToast({
        title: 'Cannot create entries',
        description: 'Every row has errors. Fix them first, then preview again.',
        variant: 'destructive',
      });
      return;
    }
    setPending(true);
    try {
      finish(await apiRequest<BulkEntriesResult>('POST', '/api/entries/bulk', { entries: ready, validateData: true }));
      await refreshEntryData();
    } catch (error) {
      showToast({
        title: 'Failed to create entries',
        description: errorMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="bulk-add-title">
      <h3 id="bulk-add-title">Bulk Add</h3>
      <Hint>
        Type entries or paste rows from a spreadsheet in this column order. Training name, date and hours are needed for a row to
        count; empty manager and department use your own.
      </Hint>
      <BulkGrid
        rows={rows}
        variant={VARIANT}
        onCellChange={changeCell}
        onPaste={paste}
        onRemoveRow={(index) => setRows((previous) => removeGridRow(previous, index))}
      />
      <Toolbar>
        <Button $variant="secondary" onClick={() => setRows((previous) => [...previous, emptyGridRow()])}>
          Add Row
        </Button>
        <Group>
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={openPreview}>Preview</Button>
        </Group>
      </Toolbar>
      {preview && (
        <BulkPreviewDialog
          checks={preview}
          pending={pending}
          onBack={() => setPreview(null)}
          onCreate={() => void create(preview)}
        />
      )}
    </section>
  );
}
