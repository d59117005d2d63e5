import styled from 'styled-components';
import { elapsedShareOfYear, isOnTrack, progressPercent, trackLabel } from '@tht/contracts';
import { Badge, Card, CardTitle, errorMessageOf, FieldError, hoursProgress, ProgressBar, Spinner } from '@tht/ui';
import { useOwnStats } from '../entries/entriesApi';
import { usePersonalTarget } from './usePersonalTarget';

/** The bar's right-hand axis label is a fixed 75 hours, whatever the target. */
const FIXED_AXIS_LABEL = '75';

const Header = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Figures = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(3)};
  font-size: 1.5rem;
  font-weight: 700;
  & span { font-size: 1rem; font-weight: 400; color: ${({ theme }) => theme.colors.mutedText}; }
`;

const Axis = styled.div`
  display: flex;
  justify-content: space-between;
  margin-top: ${({ theme }) => theme.spacing(1)};
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.spacing(3)} 0 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;

type ProgressModuleProps = { userId: number; year: number };

/** Hours of the year against the personal target, with the on-track check. */
export function ProgressModule({ userId, year }: ProgressModuleProps) {
  const { stats, error } = useOwnStats(userId, year);
  const target = usePersonalTarget(userId, year);
  return (
    <Card aria-labelledby="progress-module-title">
      <CardTitle id="progress-module-title">Training Progress {year}</CardTitle>
      {error ? (
        <FieldError role="alert">Failed to load progress data: {errorMessageOf(error, 'please try again.')}</FieldError>
      ) : !stats || target.isLoading ? (
        <Spinner label="Loading progress data..." />
      ) : (
        <ProgressFigures hours={stats.totalHours} targetHours={target.targetHours} year={year} />
      )}
    </Card>
  );
}

function ProgressFigures({ hours, targetHours, year }: { hours: number; targetHours: number; year: number }) {
  const elapsedShare = elapsedShareOfYear(year);
  const onTrack = isOnTrack(hours, targetHours, elapsedShare);
  const percent = progressPercent(hours, targetHours);
  return (
    <>
      <Header>
        <Figures>
          {hours}{' '}
          <span>
            of {targetHours} hours ({percent}%)
          </span>
        </Figures>
        <Badge $tone={onTrack ? 'success' : 'warning'}>{trackLabel(hours, targetHours, elapsedShare)}</Badge>
      </Header>
      <ProgressBar
        label={`Progress towards your ${year} target`}
        {...hoursProgress(hours, targetHours)}
        tone={onTrack ? 'success' : 'warning'}
        size="large"
      />
      <Axis aria-hidden="true">
        <span>0</span>
        <span>{FIXED_AXIS_LABEL}</span>
      </Axis>
      <Note>
        {hours >= targetHours ? 'Target reached. Well done!' : `${targetHours - hours} hours to go to reach your ${year} target.`}
      </Note>
    </>
  );
}
