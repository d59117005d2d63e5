import { Fragment } from 'react';
import styled from 'styled-components';
import {
  CERTIFICATE_MESSAGES,
  displayTrainingType,
  ENTRY_STATUS,
  formatEntryDate,
  formatEntryHours,
  formatRating,
  type EntryView,
} from '@tht/contracts';
import { Badge, Button, Dialog, DialogActions } from '@tht/ui';
import { EntryEvidence } from '@tht/ui/evidence';
import { HistorySection } from '@tht/ui/history';
import { EntrySource } from '@tht/ui/reported';
import { displayCustomValue, useFormFields } from '../custom-fields/customFields';

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(4)}`};
  margin: 0;
  & dt { font-weight: 600; color: ${({ theme }) => theme.colors.mutedText}; }
  & dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

const BadgeLine = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
`;

type EntryDetailDialogProps = {
  entry: EntryView | null;
  onClose: () => void;
  /** Absent where the entry may not be changed. */
  onEdit?: (entry: EntryView) => void;
  onDelete?: (entry: EntryView) => void;
};

/** Everything about one entry, its evidence files, and Edit Entry, Delete Entry and attaching files where changes are allowed. */
export function EntryDetailDialog({ entry, onClose, onEdit, onDelete }: EntryDetailDialogProps) {
  const { fields } = useFormFields();
  if (!entry) return null;
  const details: Array<[string, string]> = [
    ['Training Name', entry.trainingName],
    ['Date', formatEntryDate(entry.date)],
    ...(entry.validUntil ? [[CERTIFICATE_MESSAGES.validUntilLabel, formatEntryDate(entry.validUntil)] as [string, string]] : []),
    ['Hours', formatEntryHours(entry)],
    ['Manager', entry.managerName || 'N/A'],
    ['Department', entry.department || 'N/A'],
    ['Training Type', displayTrainingType(entry.trainingType)],
    ['Course Given By', entry.courseGivenBy || 'N/A'],
    ['Rating', formatRating(entry.rating)],
    ['Status', ENTRY_STATUS],
    ...fields.flatMap((field): Array<[string, string]> => {
      const value = entry.customFields[field.name];
      return value === undefined ? [] : [[field.label, displayCustomValue(field, value)]];
    }),
    ['Notes', entry.notes || 'No notes provided'],
  ];
  return (
    <Dialog open onClose={onClose} title="Training Entry Details" width="40rem">
      {(entry.beInnovative || entry.source) && (
        <BadgeLine>
          {entry.beInnovative && <Badge $tone="info">Be Innovative</Badge>} <EntrySource entry={entry} />
        </BadgeLine>
      )}
      <Details>
        {details.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </Details>
      <EntryEvidence entryId={entry.id} canChange={onEdit !== undefined} />
      <HistorySection kind="entries" id={String(entry.id)} label="Entry history" />
      <DialogActions>
        <Button $variant="secondary" onClick={onClose}>
          Close
        </Button>
        {onEdit && <Button onClick={() => onEdit(entry)}>Edit Entry</Button>}
        {onDelete && (
          <Button $variant="destructive" onClick={() => onDelete(entry)}>
            Delete Entry
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
