import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner } from '@tht/ui';

const Box = styled.div<{ $height: number }>`
  height: ${({ $height }) => $height}px;
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

/**
 * Where a chart is drawn once recharts has loaded. Hidden from screen readers: each chart comes
 * with its figures as a table for them.
 */
export function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Box $height={height} aria-hidden="true">
      <Suspense fallback={<Spinner label="Loading chart..." />}>{children}</Suspense>
    </Box>
  );
}
