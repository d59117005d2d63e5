import styled from 'styled-components';
import type { ImportCounts, ImportReport } from '@tht/contracts';
import { CaptionedTable } from '@tht/ui';
import { fullName, ROLE_LABELS } from '../users/roles';
import { COUNT_LABELS, FORMAT_LABELS } from './importFile';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) 1fr;
  gap: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(4)}`};
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
  & dt { font-weight: 600; }
  & dd { margin: 0; }
`;

const ListScroll = styled.div`
  max-height: 18rem;
  overflow: auto;
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
  color: ${({ theme }) => theme.colors.mutedText};
`;

const KINDS = Object.keys(COUNT_LABELS) as Array<keyof ImportCounts>;

function RecordCounts({ report }: { report: ImportReport }) {
  const shown = KINDS.filter((kind) => report.toCreate[kind] > 0 || report.unchanged[kind] > 0);
  if (shown.length === 0) return null;
  return (
    <CaptionedTable caption="Records in the file">
      <thead>
        <tr>
          <th scope="col">Records</th>
          <th scope="col">To add</th>
          <th scope="col">Already here (kept)</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((kind) => (
          <tr key={kind}>
            <th scope="row">{COUNT_LABELS[kind]}</th>
            <td>{report.toCreate[kind]}</td>
            <td>{report.unchanged[kind]}</td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}

function RowErrors({ report }: { report: ImportReport }) {
  if (report.errors.length === 0) return null;
  const unlisted = report.failed - report.errors.length;
  return (
    <>
      <ListScroll>
        <CaptionedTable caption="Rows with errors">
          <thead>
            <tr>
              <th scope="col">Sheet</th>
              <th scope="col">Row</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {report.errors.map((error) => (
              <tr key={`${error.sheet}-${error.row}-${error.message}`}>
                <td>{error.sheet}</td>
                <th scope="row">{error.row}</th>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </CaptionedTable>
      </ListScroll>
      {unlisted > 0 && <Note>and {unlisted} more rows with errors</Note>}
    </>
  );
}

/** The accounts the file creates with a role above employee: who, the role, and the row that gives it. */
function PrivilegedAccounts({ report }: { report: ImportReport }) {
  if (report.privilegedAccounts.length === 0) return null;
  return (
    <ListScroll>
      <CaptionedTable caption="New accounts with a role above employee">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Row</th>
          </tr>
        </thead>
        <tbody>
          {report.privilegedAccounts.map((account) => (
            <tr key={account.email}>
              <th scope="row">{fullName(account)}</th>
              <td>{account.email}</td>
              <td>{ROLE_LABELS[account.role]}</td>
              <td>
                {account.sheet} {account.row}
              </td>
            </tr>
          ))}
        </tbody>
      </CaptionedTable>
    </ListScroll>
  );
}

/**
 * The dry run of a file: what it is, its rows, the bad rows by row number, duplicates, what it
 * would add, and every account it would create with a role above employee.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <section aria-label="Check of the file">
      <Facts>
        <dt>File</dt>
        <dd>{report.fileName}</dd>
        <dt>Kind</dt>
        <dd>{FORMAT_LABELS[report.format]}</dd>
        <dt>Rows read</dt>
        <dd>{report.rows}</dd>
        <dt>Rows with errors (skipped)</dt>
        <dd>{report.failed}</dd>
        <dt>Duplicate entries (skipped)</dt>
        <dd>{report.duplicates}</dd>
      </Facts>
      <RowErrors report={report} />
      <RecordCounts report={report} />
      <PrivilegedAccounts report={report} />
      {report.toCreate.users > 0 && (
        <Note>
          Passwords are not imported: each new user sets one with a password reset link, or you give them a temporary password.
        </Note>
      )}
    </section>
  );
}
