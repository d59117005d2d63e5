import styled from 'styled-components';
import { importProgressPercent, type ImportJob } from '@tht/contracts';

const Track = styled.div`
  height: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.subtle};
  overflow: hidden;
`;

const Bar = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 0.3s ease;
`;

const Caption = styled.p`
  margin: ${({ theme }) => theme.spacing(2)} 0 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** How far an import has written its records, as a progress bar with the figures beside it. */
export function ImportProgress({ job }: { job: Pick<ImportJob, 'total' | 'processed'> }) {
  const percent = importProgressPercent(job);
  return (
    <div>
      <Track role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <Bar $percent={percent} />
      </Track>
      <Caption>
        {job.processed} of {job.total} records written ({percent}%)
      </Caption>
    </div>
  );
}
