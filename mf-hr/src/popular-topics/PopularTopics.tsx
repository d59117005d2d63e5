import styled from 'styled-components';
import { HR_MESSAGES as M } from '@tht/contracts';
import { DashboardSection, EmptyText } from '@tht/ui';
import { usePopularTopics, type HrShown } from '../hr-api/hrApi';

const Topics = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Topic = styled.li`
  padding: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
`;

/** Popular topics: the top 8 of the enterprise keyword list, with how many entries mention each. */
export function PopularTopics(shown: HrShown) {
  const { topics, error } = usePopularTopics(shown);
  return (
    <DashboardSection title={M.topicsTitle} data={topics} error={error} loadingLabel={M.loadingTopics} what="the topics">
      {(loaded) =>
        loaded.length === 0 ? (
          <EmptyText>{M.noTopics}</EmptyText>
        ) : (
          <Topics>
            {loaded.map(({ topic, count }) => (
              <Topic key={topic}>
                {topic} <strong>{count}</strong> {count === 1 ? 'entry' : 'entries'}
              </Topic>
            ))}
          </Topics>
        )
      }
    </DashboardSection>
  );
}
