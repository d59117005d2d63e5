import styled from 'styled-components';
import { SMT_MESSAGES as M, type SmtOverview, type SmtTopRatedEntry } from '@tht/contracts';
import { DashboardSection, EmptyText } from '@tht/ui';

const Courses = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.spacing(6)};
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Stars = styled.span`
  color: ${({ theme }) => theme.colors.warning};
  letter-spacing: 1px;
  white-space: nowrap;
`;

const Details = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

type TopCoursesProps = { year: number; overview: SmtOverview | undefined; error: Error | undefined };

/** The top 6 courses by rating: the year's individual entries rated 4 or more, best first. */
export function TopCourses({ year, overview, error }: TopCoursesProps) {
  return (
    <DashboardSection
      title={M.topCoursesTitle}
      data={overview?.topRatedEntries}
      error={error}
      loadingLabel={M.loadingCourses}
      what="the courses"
    >
      {(entries) =>
        entries.length === 0 ? (
          <EmptyText>{M.noCourses(year)}</EmptyText>
        ) : (
          <Courses aria-label={M.topCoursesTitle}>
            {entries.map((entry) => (
              <CourseItem key={entry.id} entry={entry} />
            ))}
          </Courses>
        )
      }
    </DashboardSection>
  );
}

function CourseItem({ entry }: { entry: SmtTopRatedEntry }) {
  const by = entry.courseGivenBy ? ` by ${entry.courseGivenBy}` : '';
  return (
    <li>
      <strong>{entry.trainingName}</strong>{' '}
      <Stars role="img" aria-label={`Rated ${entry.rating} out of 5`}>
        {'★'.repeat(entry.rating)}
      </Stars>
      <Details>
        {entry.employeeName} ({entry.department || 'N/A'}), {entry.date}, {entry.hours} hours{by}
      </Details>
    </li>
  );
}
