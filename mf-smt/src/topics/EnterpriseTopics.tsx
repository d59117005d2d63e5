import styled from 'styled-components';
import { SMT_MESSAGES as M, type SmtOverview, type TopicCount } from '@tht/contracts';
import { DashboardSection, EmptyText } from '@tht/ui';

const Topics = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.spacing(6)};
  columns: 2 12rem;
  column-gap: ${({ theme }) => theme.spacing(6)};
  & li { break-inside: avoid; padding: ${({ theme }) => theme.spacing(1)} 0; }
`;

const Count = styled.span`
  color: ${({ theme }) => theme.colors.mutedText};
`;

type EnterpriseTopicsProps = { overview: SmtOverview | undefined; error: Error | undefined };

/** The top 12 enterprise topics of the year, most entries first. */
export function EnterpriseTopics({ overview, error }: EnterpriseTopicsProps) {
  return (
    <DashboardSection title={M.topicsTitle} data={overview?.topics} error={error} loadingLabel={M.loadingTopics} what="topics">
      {(topics) => (topics.length === 0 ? <EmptyText>{M.noTopics}</EmptyText> : <TopicList topics={topics} />)}
    </DashboardSection>
  );
}

function TopicList({ topics }: { topics: TopicCount[] }) {
  return (
    <Topics aria-label="Most frequent enterprise topics">
      {topics.map(({ topic, count }) => (
        <li key={topic}>
          <strong>{topic}</strong> <Count>{count === 1 ? '1 entry' : `${count} entries`}</Count>
        </li>
      ))}
    </Topics>
  );
}
