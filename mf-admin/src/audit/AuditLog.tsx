import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import styled from 'styled-components';
import {
  AUDIT_LOG_KIND_LABELS,
  AUDIT_LOG_KINDS,
  formatHistoryTime,
  SYSTEM_ACTOR,
  type AuditLogItem,
  type AuditLogKind,
  type AuditLogPage,
  type AuditRecordKind,
} from '@tht/contracts';
import {
  Button,
  Card,
  CardTitle,
  Dialog,
  DialogActions,
  FieldError,
  FormField,
  Input,
  PageNav,
  Select,
  Spinner,
  errorMessageOf,
  useUserDirectory,
} from '@tht/ui';
import { HistoryTimeline } from '@tht/ui/history';
import { SortableTable } from '@tht/ui/table';
import { fullName } from '../users/roles';
import { CardHeader } from '../panel/layout';
import { NO_AUDIT_FILTERS, useAuditLog, type AuditLogFilters } from './auditApi';

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

const LinkButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
`;

const NO_EVENTS = 'No events match these filters';

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

/** A row of a record's event, with its history's address (a row of the security log has none). */
type RecordedItem = AuditLogItem & { kind: AuditRecordKind; recordId: string };
const hasHistory = (item: AuditLogItem): item is RecordedItem => item.recordId !== null;

const actorName = (item: AuditLogItem) => item.actor.name ?? (item.actor.id === null ? 'The system' : `User ${item.actor.id}`);

const column = createColumnHelper<AuditLogItem>();

function auditColumns(onOpen: (item: RecordedItem) => void) {
  return [
    column.accessor('at', { header: 'When', enableSorting: false, cell: (info) => formatHistoryTime(info.getValue()) }),
    column.accessor(actorName, { id: 'actor', header: 'Person acting', enableSorting: false }),
    column.display({
      id: 'record',
      header: 'Record',
      cell: ({ row: { original: item } }) => (
        <>
          {hasHistory(item) ? (
            <LinkButton type="button" aria-label={`History of ${item.recordName}`} onClick={() => onOpen(item)}>
              {item.recordName}
            </LinkButton>
          ) : (
            item.recordName
          )}
          <Muted>{AUDIT_LOG_KIND_LABELS[item.kind]}</Muted>
        </>
      ),
    }),
    column.accessor('summary', { header: 'Event', enableSorting: false }),
  ];
}

function ActorOptions() {
  const { users } = useUserDirectory();
  return (
    <>
      <option value="">Anyone</option>
      <option value={SYSTEM_ACTOR}>The system</option>
      {(users ?? []).map((user) => (
        <option key={user.id} value={user.id}>
          {fullName(user)} ({user.email})
        </option>
      ))}
    </>
  );
}

function LogFilters({ filters, onChange }: { filters: AuditLogFilters; onChange: (filters: AuditLogFilters) => void }) {
  const set = <Name extends keyof AuditLogFilters>(name: Name, value: AuditLogFilters[Name]) =>
    onChange({ ...filters, [name]: value });
  return (
    <Filters>
      <FormField label="Person acting">
        <Select value={filters.actorId} onChange={(event) => set('actorId', event.target.value)}>
          <ActorOptions />
        </Select>
      </FormField>
      <FormField label="Record kind">
        <Select value={filters.kind} onChange={(event) => set('kind', event.target.value as AuditLogKind | '')}>
          <option value="">All records</option>
          {AUDIT_LOG_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_LOG_KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="From">
        <Input type="date" value={filters.from} onChange={(event) => set('from', event.target.value)} />
      </FormField>
      <FormField label="To">
        <Input type="date" value={filters.to} onChange={(event) => set('to', event.target.value)} />
      </FormField>
    </Filters>
  );
}

function showing({ page, pageSize, items, total, totalCapped }: AuditLogPage): string {
  if (items.length === 0) return 'Showing 0 events';
  const first = (page - 1) * pageSize + 1;
  const more = totalCapped ? ` (${total.toLocaleString()}+ match; narrow the dates to see older events)` : '';
  return `Showing ${first}-${first + items.length - 1} of ${total.toLocaleString()}${totalCapped ? '+' : ''} events${more}`;
}

function LogPager({ log, onPage }: { log: AuditLogPage; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(log.total / log.pageSize));
  return (
    <PageNav
      label="Audit log pages"
      summary={showing(log)}
      page={log.page}
      totalPages={log.totalCapped ? `${pages}+` : pages}
      hasNext={log.page < pages}
      onPage={onPage}
    />
  );
}

function RecordHistoryDialog({ item, onClose }: { item: RecordedItem; onClose: () => void }) {
  const title = `History of ${item.recordName}`;
  return (
    <Dialog open onClose={onClose} title={title} width="40rem">
      <HistoryTimeline kind={item.kind} id={item.recordId} label={title} />
      <DialogActions>
        <Button $variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The Audit log tab: every change to the records, newest first, filtered by the person acting, the
 * record kind and a range of days; each row opens its record's history.
 */
export default function AuditLog() {
  const [filters, setFilters] = useState(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<RecordedItem | null>(null);
  const { log, error } = useAuditLog(filters, page);
  const columns = useMemo(() => auditColumns(setOpened), []);

  return (
    <Card aria-labelledby="audit-log-title">
      <CardHeader>
        <CardTitle id="audit-log-title">Audit Log</CardTitle>
      </CardHeader>
      <LogFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {error ? (
        <FieldError role="alert">{errorMessageOf(error, 'The audit log could not be loaded; please try again.')}</FieldError>
      ) : !log ? (
        <Spinner label="Loading..." />
      ) : (
        <>
          <SortableTable
            label="Audit log"
            rows={log.items}
            columns={columns}
            emptyText={NO_EVENTS}
            rowId={(item) => item.position}
          />
          <LogPager log={log} onPage={setPage} />
        </>
      )}
      {opened && <RecordHistoryDialog item={opened} onClose={() => setOpened(null)} />}
    </Card>
  );
}
