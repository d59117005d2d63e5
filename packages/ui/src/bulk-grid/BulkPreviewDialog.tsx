import styled from 'styled-components';
import { displayTrainingType, formatRating, type GridRowCheck } from '@tht/contracts';
import { Badge, Button, Dialog, DialogActions, DataTable, TableScroll } from '@tht/ui';

const Errors = styled.ul`
  margin: ${({ theme }) => theme.spacing(1)} 0 0;
  padding-left: ${({ theme }) => theme.spacing(4)};
  color: ${({ theme }) => theme.colors.destructive};
  font-size: 0.875rem;
`;

type BulkPreviewDialogProps = {
  checks: readonly GridRowCheck[];
  pending: boolean;
  onBack: () => void;
  onCreate: () => void;
};

function errorCount(count: number): string {
  return count === 1 ? '1 error' : `${count} errors`;
}

/** The rows about to be created, each with a Ready badge or an error badge listing its problems. */
export function BulkPreviewDialog({ checks, pending, onBack, onCreate }: BulkPreviewDialogProps) {
  const ready = checks.filter((check) => check.errors.length === 0).length;
  const withErrors = checks.length - ready;
  return (
    <Dialog
      open
      onClose={onBack}
      title="Preview Entries"
      width="64rem"
      description={
        withErrors > 0
          ? `${ready} of ${checks.length} rows are ready. Rows with errors will not be created.`
          : `${ready} of ${checks.length} rows are ready.`
      }
    >
      <TableScroll label="Entries to create">
        <DataTable aria-label="Entries to create">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Training Name</th>
              <th scope="col">Date</th>
              <th scope="col">Hours</th>
              <th scope="col">Type</th>
              <th scope="col">Rating</th>
              <th scope="col">Be Innovative</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {checks.map(({ rowIndex, entry, errors }) => (
              <tr key={rowIndex}>
                <th scope="row">{rowIndex + 1}</th>
                <td>{entry.trainingName}</td>
                <td>{entry.date}</td>
                <td>{String(entry.hours)}</td>
                <td>{displayTrainingType(entry.trainingType ?? 'internal')}</td>
                <td>{formatRating(typeof entry.rating === 'number' ? entry.rating : 0)}</td>
                <td>{entry.beInnovative ? 'Yes' : 'No'}</td>
                <td>
                  {errors.length === 0 ? (
                    <Badge $tone="success">Ready</Badge>
                  ) : (
                    <>
                      <Badge $tone="destructive">{errorCount(errors.length)}</Badge>
                      <Errors aria-label={`Errors in row ${rowIndex + 1}`}>
                        {errors.map((error) => (
                          <li key={error}>{error}</li>
                        ))}
                      </Errors>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </TableScroll>
      <DialogActions>
        <Button $variant="secondary" onClick={onBack} disabled={pending}>
          Back to Edit
        </Button>
        <Button onClick={onCreate} disabled={pending}>
          {pending ? 'Creating...' : `Create ${ready} ${ready === 1 ? 'Entry' : 'Entries'}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
