import { useMemo, useState } from 'react';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import styled from 'styled-components';
import {
  CERTIFICATE_MESSAGES,
  displayTrainingType,
  ENTRY_DATE_FILTER_LABELS,
  ENTRY_DATE_FILTERS,
  ENTRY_TYPE_FILTER_LABELS,
  ENTRY_TYPE_FILTERS,
  formatEntryDate,
  formatRating,
  hoursOf,
  matchesDateFilter,
  matchesTypeFilter,
  type EntryDateFilter,
  type EntryTypeFilter,
  type EntryView,
} from '@tht/contracts';
import { Badge, Button, FormField, Input, Select } from '@tht/ui';
import { EvidenceCount } from '@tht/ui/evidence';
import { EntrySource } from '@tht/ui/reported';
import { SortableTable } from '@tht/ui/table';

const NO_MATCHING_ENTRIES = 'No entries match your current filters';

const SEARCHED_FIELDS = [
  'trainingName',
  'employeeName',
  'courseGivenBy',
  'managerName',
  'department',
  'trainingType',
  'notes',
] as const satisfies ReadonlyArray<keyof EntryView>;

/** The entry's searched texts: its fields, and the system that reported it (searching "Moodle" finds what Moodle reported). */
const searchedTexts = (entry: EntryView) => [...SEARCHED_FIELDS.map((field) => entry[field]), entry.source?.system ?? ''];

function matchesSearch(entry: EntryView, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || searchedTexts(entry).some((text) => text.toLowerCase().includes(needle));
}

const Filters = styled.div`
  display: grid;
  grid-template-columns: minmax(12rem, 2fr) repeat(2, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  @media (max-width: 40rem) { grid-template-columns: 1fr; }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(1)};
  flex-wrap: wrap;
`;

const SmallButton = styled(Button)`
  padding: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(2)}`};
  font-size: 0.875rem;
`;

type EntriesTableProps = {
  entries: readonly EntryView[];
  onView: (entry: EntryView) => void;
  /** Edit and delete appear only where the table enables actions. */
  actions?: { onEdit: (entry: EntryView) => void; onDelete: (entry: EntryView) => void };
};

const column = createColumnHelper<EntryView>();
const NEWEST_FIRST: SortingState = [{ id: 'date', desc: true }];
const entryRowId = (entry: EntryView) => String(entry.id);

/** A searchable, filterable, sortable table of entries (TanStack Table). */
export function EntriesTable({ entries, onView, actions }: EntriesTableProps) {
  const [search, setSearch] = useState('');
  const [dateFilter, setDateFilter] = useState<EntryDateFilter>('all');
  const [typeFilter, setTypeFilter] = useState<EntryTypeFilter>('all');

  const shown = useMemo(() => {
    const today = new Date();
    return entries.filter(
      (entry) =>
        matchesSearch(entry, search) && matchesDateFilter(entry.date, dateFilter, today) && matchesTypeFilter(entry, typeFilter),
    );
  }, [entries, search, dateFilter, typeFilter]);

  const columns = useMemo(
    () => [
      column.accessor('date', { header: 'Date', cell: (info) => formatEntryDate(info.getValue()) }),
      column.accessor('trainingName', {
        header: 'Training Name',
        cell: (info) => (
          <>
            {info.getValue()} <EvidenceCount count={info.row.original.evidenceCount} />{' '}
            {info.row.original.beInnovative && <Badge $tone="info">Be Innovative</Badge>} <EntrySource entry={info.row.original} />
          </>
        ),
      }),
      column.accessor('employeeName', { header: 'Employee' }),
      column.accessor((entry) => hoursOf(entry), { id: 'hours', header: 'Hours' }),
      column.accessor('trainingType', { header: 'Type', cell: (info) => displayTrainingType(info.getValue()) }),
      column.accessor('rating', { header: 'Rating', cell: (info) => formatRating(info.getValue()) }),
      column.accessor((entry) => entry.validUntil ?? '', {
        id: 'validUntil',
        header: CERTIFICATE_MESSAGES.validUntilColumn,
        cell: (info) => (info.getValue() ? formatEntryDate(info.getValue()) : ''),
      }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: entry } }) => (
          <Actions>
            <SmallButton $variant="secondary" aria-label={`View ${entry.trainingName}`} onClick={() => onView(entry)}>
              View
            </SmallButton>
            {actions && (
              <>
                <SmallButton $variant="secondary" aria-label={`Edit ${entry.trainingName}`} onClick={() => actions.onEdit(entry)}>
                  Edit
                </SmallButton>
                <SmallButton
                  $variant="destructive"
                  aria-label={`Delete ${entry.trainingName}`}
                  onClick={() => actions.onDelete(entry)}
                >
                  Delete
                </SmallButton>
              </>
            )}
          </Actions>
        ),
      }),
    ],
    [onView, actions],
  );

  return (
    <div>
      <Filters>
        <FormField label="Search entries">
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </FormField>
        <FormField label="Time period">
          <Select value={dateFilter} onChange={(event) => setDateFilter(event.target.value as EntryDateFilter)}>
            {ENTRY_DATE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {ENTRY_DATE_FILTER_LABELS[filter]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Entry type">
          <Select value={typeFilter} onChange={(event) => setTypeFilter(event.target.value as EntryTypeFilter)}>
            {ENTRY_TYPE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {ENTRY_TYPE_FILTER_LABELS[filter]}
              </option>
            ))}
          </Select>
        </FormField>
      </Filters>
      <SortableTable
        label="Training entries"
        rows={shown}
        columns={columns}
        emptyText={NO_MATCHING_ENTRIES}
        initialSorting={NEWEST_FIRST}
        rowId={entryRowId}
      />
    </div>
  );
}
