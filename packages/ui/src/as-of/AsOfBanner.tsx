import styled from 'styled-components';
import { AS_OF_LABELS as L } from '@tht/contracts';
import { errorMessageOf } from '../api/client';
import { Button } from '../primitives/Button';
import { FieldError } from '../primitives/FormField';
import { ProgressBar } from '../primitives/ProgressBar';

const Banner = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(4)}`};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(4)}`};
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  & p { margin: 0; flex: 1 1 16rem; }
`;

const Progress = styled.div`
  flex: 1 1 100%;
  display: grid;
  gap: ${({ theme }) => theme.spacing(1)};
`;

type AsOfBannerProps = {
  /** The day shown (`YYYY-MM-DD`). */
  day: string;
  /** The share of the replay done (0 to 1) while the server builds it; undefined once the figures are there. */
  progress: number | undefined;
  error: Error | undefined;
  onBackToToday: () => void;
};

/** Over a dashboard shown as of a day: which day, the replay's progress until its figures come, and the way back to today. */
export function AsOfBanner({ day, progress, error, onBackToToday }: AsOfBannerProps) {
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Banner aria-label={L.region}>
      <p role="status">{L.showing(day)}</p>
      <Button $variant="secondary" onClick={onBackToToday}>
        {L.backToToday}
      </Button>
      {progress !== undefined && (
        <Progress>
          <span>
            {L.replaying(day)}: {percent}%
          </span>
          <ProgressBar label={L.replaying(day)} value={percent} size="small" />
        </Progress>
      )}
      {error && <FieldError role="alert">{errorMessageOf(error, 'please try again.')}</FieldError>}
    </Banner>
  );
}
