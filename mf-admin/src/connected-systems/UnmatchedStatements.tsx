import { formatHistoryTime, type XapiUnmatchedList, type XapiUnmatchedStatement } from '@tht/contracts';
import { Button, CaptionedTable, DashboardSection, EmptyText } from '@tht/ui';
import { useUnmatchedStatements } from './connectedSystemsApi';
import { verbInWords } from './trainingRulesForm';

const TITLE = 'Unmatched statements';

function UnmatchedRow({ statement }: { statement: XapiUnmatchedStatement }) {
  return (
    <tr>
      <th scope="row">{statement.actor}</th>
      <td>
        {verbInWords(statement.verb)} {statement.activity}
      </td>
      <td>
        <time dateTime={statement.timestamp}>{formatHistoryTime(statement.timestamp)}</time>
      </td>
      <td>{statement.system}</td>
      <td>{statement.message}</td>
    </tr>
  );
}

function UnmatchedTable({ statements, total }: XapiUnmatchedList) {
  if (statements.length === 0) {
    return <EmptyText>No unmatched statements: every training statement names a person of the organisation.</EmptyText>;
  }
  return (
    <>
      <p>
        Training that connected systems reported for no active person. Each becomes an entry once the person exists or is
        reactivated.
        {total > statements.length && ` The newest ${statements.length} of ${total} are shown.`}
      </p>
      <CaptionedTable caption={TITLE}>
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">When</th>
            <th scope="col">System</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {statements.map((statement) => (
            <UnmatchedRow key={statement.statementId} statement={statement} />
          ))}
        </tbody>
      </CaptionedTable>
    </>
  );
}

/** Statements that count as training but name no active person (who, what, when, why), newest first, with Refresh. */
export function UnmatchedStatements() {
  const { unmatched, error, refresh, refreshing } = useUnmatchedStatements();
  return (
    <DashboardSection
      title={TITLE}
      data={unmatched}
      error={error}
      loadingLabel="Loading..."
      what="the unmatched statements"
      actions={() => (
        <Button $variant="secondary" disabled={refreshing} onClick={refresh}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      )}
    >
      {(loaded) => <UnmatchedTable {...loaded} />}
    </DashboardSection>
  );
}
