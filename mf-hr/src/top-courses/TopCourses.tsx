import styled from 'styled-components';
import { HR_MESSAGES as M } from '@tht/contracts';
import { DashboardSection, EmptyText } from '@tht/ui';
import { useTopCourses, type HrShown } from '../hr-api/hrApi';

const Courses = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.spacing(5)};
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  & span { color: ${({ theme }) => theme.colors.mutedText}; }
`;

/** Top rated courses: up to 6, best average rating first, then most completions. */
export function TopCourses(shown: HrShown) {
  const { year } = shown;
  const { courses, error } = useTopCourses(shown);
  return (
    <DashboardSection title={M.topCoursesTitle} data={courses} error={error} loadingLabel={M.loadingCourses} what="the courses">
      {(loaded) =>
        loaded.length === 0 ? (
          <EmptyText>{M.noCourses(year)}</EmptyText>
        ) : (
          <Courses>
            {loaded.map((course) => (
              <li key={course.trainingName}>
                <strong>{course.trainingName}</strong>{' '}
                <span>
                  average rating {course.averageRating} of 5, {course.completions}{' '}
                  {course.completions === 1 ? 'completion' : 'completions'}
                </span>
              </li>
            ))}
          </Courses>
        )
      }
    </DashboardSection>
  );
}
