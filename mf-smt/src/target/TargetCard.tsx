import styled from 'styled-components';
import { SMT_MESSAGES as M, type SmtOverview, type SmtTarget } from '@tht/contracts';
import { Badge, DashboardSection, EmptyText, ProgressBar, type BadgeTone, type ProgressTone } from '@tht/ui';

/** The badge's and the bar's colours only help: the badge's words say it all. */
const TONES: Record<SmtTarget['badge'], { badge: BadgeTone; bar: ProgressTone }> = {
  Complete: { badge: 'success', bar: 'success' },
  'On Track': { badge: 'info', bar: 'primary' },
  'Needs Attention': { badge: 'warning', bar: 'warning' },
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

const Detail = styled.p`
  margin: ${({ theme }) => theme.spacing(2)} 0 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;

type TargetCardProps = { year: number; overview: SmtOverview | undefined; error: Error | undefined };

/** The organisational target progress card with its badge. */
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
  const tone = TONES[target.badge];
  return (
    <>
      <Figures>
        <span>
          {hours} of {target.targetHours} hours
        </span>
        <Badge $tone={tone.badge}>{target.badge}</Badge>
      </Figures>
      <ProgressBar
        label={M.targetProgressLabel(year)}
        value={target.progressPercent}
        valueText={`${target.completedPercent}% of the target`}
        tone={tone.bar}
      />
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
