import styled from 'styled-components';
import { progressPercent, type ScheduleStatus } from '@tht/contracts';
import type { Theme } from '@tht/ui';

/** The bar's colour follows the status badge's (the status is always written beside it). */
const FILL_COLOURS: Record<ScheduleStatus, keyof Theme['colors']> = {
  'target-achieved': 'success',
  'on-schedule': 'primary',
  'behind-schedule': 'warning',
};

const Track = styled.div`
  height: 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.subtle};
  overflow: hidden;
`;

const Fill = styled.div<{ $percent: number; $status: ScheduleStatus }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme, $status }) => theme.colors[FILL_COLOURS[$status]]};
`;

type ProgressBarProps = { hours: number; targetHours: number; status: ScheduleStatus; label: string };

/** Hours against a target as a bar (full at the target), named by `label` and read out as 'x of y hours'. */
export function ProgressBar({ hours, targetHours, status, label }: ProgressBarProps) {
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={targetHours}
      aria-valuenow={Math.min(hours, targetHours)}
      aria-valuetext={`${hours} of ${targetHours} hours`}
    >
      <Fill $percent={progressPercent(hours, targetHours)} $status={status} />
    </Track>
  );
}
