import styled from 'styled-components';
import { importProgressPercent, type ImportJob } from '@tht/contracts';
import { ProgressBar } from '@tht/ui';

const Caption = styled.p`
  margin: ${({ theme }) => theme.spacing(2)} 0 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** How far an import has written its records, as a progress bar with the figures beside it. */
export function ImportProgress({ job }: { job: Pick<ImportJob, 'total' | 'processed'> }) {
  const percent = importProgressPercent(job);
  return (
    <div>
      <ProgressBar label="Import progress" value={percent} />
      <Caption>
        {job.processed} of {job.total} records written ({percent}%)
      </Caption>
    </div>
  );
}
