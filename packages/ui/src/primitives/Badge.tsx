import styled from 'styled-components';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'destructive' | 'info';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing(2)};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primaryText};
  background: ${({ theme, $tone = 'neutral' }) =>
    ({
      neutral: theme.colors.mutedText,
      success: theme.colors.success,
      warning: theme.colors.warning,
      destructive: theme.colors.destructive,
      info: theme.colors.primary,
    })[$tone]};
`;
