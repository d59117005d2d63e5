import styled from 'styled-components';
import { MANAGER_MESSAGES as M, type TopicCount } from '@tht/contracts';
import { DashboardSection, EmptyText } from '@tht/ui';
import { useTeamStats } from '../team-api/teamApi';

const Topics = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Topic = styled.li`
  display: grid;
  grid-template-columns: minmax(8rem, 12rem) 1fr max-content;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Bar = styled.span<{ $share: number }>`
  height: 10px;
  width: ${({ $share }) => Math.max(2, Math.round($share * 100))}%;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
`;

type PopularTopicsProps = { managerId: number; year: number };

/** The top 8 topics of the team's entries of the year, with how many entries mention each. */
export function PopularTopics({ managerId, year }: PopularTopicsProps) {
  const { stats, error } = useTeamStats(managerId, year);
  return (
    <DashboardSection title={M.topicsTitle} data={stats?.popularTopics} error={error} loadingLabel={M.loadingTopics} what="topics">
      {(topics) => (topics.length === 0 ? <EmptyText>{M.noTopics}</EmptyText> : <TopicList topics={topics} />)}
    </DashboardSection>
  );
}

function TopicList({ topics }: { topics: TopicCount[] }) {
  const most = topics[0]!.count;
  return (
    <Topics aria-label="Most frequent topics">
      {topics.map(({ topic, count }) => (
        <Topic key={topic}>
          <strong>{topic}</strong>
          <Bar $share={count / most} aria-hidden="true" />
          <span>
            {count} {count === 1 ? 'entry' : 'entries'}
          </span>
        </Topic>
      ))}
    </Topics>
  );
}
