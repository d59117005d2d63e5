import styled from 'styled-components';
import { SMT_MESSAGES as M, type SmtOverview, type SmtTarget } from '@tht/contracts';
import { Badge, DashboardSection, EmptyText, type BadgeTone } from '@tht/ui';

/** The badge's colour only helps: its words say it all. */
const BADGE_TONES: Record<SmtTarget['badge'], BadgeTone> = {
  Complete: 'success',
  'On Track': 'info',
  'Needs Attention': 'warning',
};

const Figures = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  margin: 0 0 ${({ theme }) => theme.spacing(2)};
  font-size: 1.25rem;
  font-weight: 700;
`;

const Track = styled.div`
  height: 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.subtle};
  overflow: hidden;
`;

const Fill = styled.div<{ $percent: number; $tone: BadgeTone }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : $tone === 'warning' ? theme.colors.warning : theme.colors.primary)};
  print-color-adjust: exact;
`;

const Detail = styled.p`
  margin: ${({ theme }) => theme.spacing(2)} 0 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;

type TargetCardProps = { year: number; overview: SmtOverview | undefined; error: Error | undefined };

/** The organisational target progress card with its badge (SPEC sections 2 and 9). */
export function TargetCard({ year, overview, error }: TargetCardProps) {
  return (
    <DashboardSection title={M.targetTitle(year)} data={overview} error={error} loadingLabel={M.loadingProgress} what="the target">
      {(loaded) =>
        loaded.target ? (
          <TargetProgress year={year} hours={loaded.totalHours} target={loaded.target} />
        ) : (
          <EmptyText>{M.noTarget(year)}</EmptyText>
        )
      }
    </DashboardSection>
  );
}

function TargetProgress({ year, hours, target }: { year: number; hours: number; target: SmtTarget }) {
  const tone = BADGE_TONES[target.badge];
  return (
    <>
      <Figures>
        <span>
          {hours} of {target.targetHours} hours
        </span>
        <Badge $tone={tone}>{target.badge}</Badge>
      </Figures>
      <Track
        role="progressbar"
        aria-label={M.targetProgressLabel(year)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={target.progressPercent}
        aria-valuetext={`${target.completedPercent}% of the target`}
      >
        <Fill $percent={target.progressPercent} $tone={tone} />
      </Track>
      <Detail>
        {target.completedPercent}% complete ·{' '}
        {target.onTrack
          ? 'on track for the time of year'
          : `behind: ${target.hoursToGetBackOnTrack} more hours needed to be on track`}
      </Detail>
      {target.description && <Detail>{target.description}</Detail>}
    </>
  );
}
