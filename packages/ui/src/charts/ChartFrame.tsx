import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner } from '@tht/ui';

const Box = styled.div<{ $height: number }>`
  height: ${({ $height }) => $height}px;
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

/**
 * Where a chart is drawn once recharts has loaded. Hidden from screen readers: each chart comes
 * with its figures as a table for them. So the plots turn recharts' keyboard layer off
 * (`accessibilityLayer={false}`): it would make the hidden chart a tab stop that a screen reader
 * cannot name. The tooltips it would open on arrow keys hold the figures the table and the chart's
 * labels already give.
 */
export function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Box $height={height} aria-hidden="true">
      <Suspense fallback={<Spinner label="Loading chart..." />}>{children}</Suspense>
    </Box>
  );
}
