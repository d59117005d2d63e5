import styled from 'styled-components';
import { HR_MESSAGES as M, trackLabel, type HrStats, type OrganisationTarget } from '@tht/contracts';
import { Badge, ProgressBar } from '@tht/ui';

const Figures = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(2)};
  font-size: 1.25rem;
  font-weight: 700;
`;

const Status = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
  align-items: center;
  margin: ${({ theme }) => theme.spacing(3)} 0 0;
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.spacing(2)} 0 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** The organisation's hours against its yearly target, the on-track rule and what is missing. */
export function TargetProgress({ stats, target }: { stats: HrStats; target: OrganisationTarget }) {
  const label = trackLabel(stats.totalHours, target.targetHours, stats.elapsedShare);
  return (
    <>
      <Figures>{M.hoursOfTarget(stats.totalHours, target.targetHours)}</Figures>
      <ProgressBar label={M.progressLabel} value={target.progressPercent} />
      <Status>
        <Badge $tone={target.onTrack ? 'success' : 'warning'}>{label}</Badge>
        <span>{target.progressPercent}% complete</span>
        {!target.onTrack && <strong>{M.hoursToGetBackOnTrack(target.hoursToGetBackOnTrack)}</strong>}
      </Status>
      {target.description && <Description>{target.description}</Description>}
    </>
  );
}
