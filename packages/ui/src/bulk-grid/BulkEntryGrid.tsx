import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  checkGrid,
  createGrid,
  describeBulkErrors,
  emptyGridRow,
  pasteIntoGrid,
  removeGridRow,
  type AdminEntryInput,
  type BulkEntriesResult,
  type GridColumn,
  type GridEntryOwner,
  type GridRow,
  type GridRowCheck,
  type GridVariant,
  type InvalidPaste,
} from '@tht/contracts';
// '@tht/ui' (not relative paths): this module is bundled into each remote that uses it, and the
// toasts, theme and SWR cache must be the shell's shared instance.
import { Button, errorMessageOf, useToast } from '@tht/ui';
import { BulkGrid } from './BulkGrid';
import { BulkPreviewDialog } from './BulkPreviewDialog';

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

/** What a bulk call answers: the admin's also counts the rows skipped as duplicates. */
export type BulkGridResult = BulkEntriesResult & { duplicates?: number };

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

function duplicatesSkipped(count: number | undefined): string {
  if (!count) return '';
  return count === 1 ? ' 1 duplicate entry was skipped.' : ` ${count} duplicate entries were skipped.`;
}

type BulkEntryGridProps = {
  /** Whose entries these are: names, and the manager and department rows may leave empty. */
  owner: GridEntryOwner;
  /** The employee's own grid or the admin's wider rules. */
  variant: GridVariant;
  /** Sends the error-free rows to the API (the employee's or the admin's bulk write, which refreshes the reads it changes). */
  send: (entries: AdminEntryInput[]) => Promise<BulkGridResult>;
  /** The line above the grid. */
  hint: ReactNode;
  /** The section's heading and its id. */
  titleId: string;
  title: string;
  onClose: () => void;
};

/**
 * The bulk-add grid: 5 rows (at least 1 kept) filled by typing or pasting
 * spreadsheet rows, then a preview with each row's errors, then the error-free rows sent. Success
 * clears the grid and closes it; a failure keeps everything as it was.
 */
export function BulkEntryGrid({ owner, variant, send, hint, titleId, title, onClose }: BulkEntryGridProps) {
  const [rows, setRows] = useState<GridRow[]>(() => createGrid());
  const [preview, setPreview] = useState<GridRowCheck[] | null>(null);
  const [pending, setPending] = useState(false);
  const { showToast } = useToast();

  function changeCell(rowIndex: number, column: GridColumn, value: string) {
    setRows((previous) => previous.map((row, index) => (index === rowIndex ? { ...row, [column]: value } : row)));
  }

  function paste(text: string, row: number, column: GridColumn) {
    const result = pasteIntoGrid(rows, text, { row, column }, variant);
    setRows(result.grid);
    if (result.invalid.length > 0) showToast(invalidPasteToast(result.invalid));
  }

  function openPreview() {
    const checks = checkGrid(rows, variant, owner);
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

  function finish(result: BulkGridResult) {
    if (result.created === 0 && result.errors.length > 0) {
      showToast({
        title: 'No entries created - validation failed',
        description: describeBulkErrors(result.errors).join(' '),
        variant: 'destructive',
      });
      return;
    }
    const failures = result.failed > 0 ? ` ${result.failed} failed: ${describeBulkErrors(result.errors).join(' ')}` : '';
    showToast({
      title: 'Entries created',
      description: `${entriesCreated(result.created)}.${duplicatesSkipped(result.duplicates)}${failures}`,
    });
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
      finish(await send(ready));
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
    <section aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <Hint>{hint}</Hint>
      <BulkGrid
        rows={rows}
        variant={variant}
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
