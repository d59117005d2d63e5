import styled from 'styled-components';
// '@tht/ui' (not relative paths): the dialog's theme and the API's errors are the shell's shared instance.
import { Button, Dialog, DialogActions, EmptyText, errorMessageOf } from '@tht/ui';
import { useEntryStatement } from './statementApi';

const Json = styled.pre`
  margin: 0;
  max-height: 60vh;
  overflow: auto;
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.subtle};
  font-size: 0.8125rem;
  line-height: 1.45;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

function StatementJson({ entryId }: { entryId: number }) {
  const { statement, error, isLoading } = useEntryStatement(entryId);
  if (error) return <EmptyText role="alert">{errorMessageOf(error, 'The statement could not be loaded.')}</EmptyText>;
  if (isLoading || !statement) return <EmptyText>Loading statement...</EmptyText>;
  // A named region and a tab stop, so the keyboard scrolls a long statement.
  return (
    <Json role="region" tabIndex={0} aria-label="Statement JSON">
      {JSON.stringify(statement, null, 2)}
    </Json>
  );
}

type StatementDialogProps = { entryId: number; system: string; onClose: () => void };

/** The xAPI statement a connected system sent for an entry, as stored, in readable JSON; Escape or Close closes it. */
export function StatementDialog({ entryId, system, onClose }: StatementDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Statement from ${system}`}
      description="What the system reported to the Learning Record Store, as stored."
      width="48rem"
    >
      <StatementJson entryId={entryId} />
      <DialogActions>
        <Button $variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
