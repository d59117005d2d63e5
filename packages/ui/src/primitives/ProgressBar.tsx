import styled from 'styled-components';

export type ProgressTone = 'primary' | 'success' | 'warning';

const HEIGHTS = { small: '8px', medium: '12px', large: '14px' } as const;

const Track = styled.div<{ $size: keyof typeof HEIGHTS }>`
  height: ${({ $size }) => HEIGHTS[$size]};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.subtle};
  overflow: hidden;
`;

const Fill = styled.div<{ $percent: number; $tone: ProgressTone }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme, $tone }) => theme.colors[$tone]};
  transition: width 0.3s ease;
  print-color-adjust: exact;

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

type ProgressBarProps = {
  /** The bar's accessible name. */
  label: string;
  value: number;
  /** The value that fills the bar (100 unless given). */
  max?: number;
  /** How the value is read out, e.g. '12 of 40 hours' (else the value itself). */
  valueText?: string;
  tone?: ProgressTone;
  size?: keyof typeof HEIGHTS;
};

/** How far `value` has come towards `max`, as a bar; a `max` of 0 or less counts as reached. */
export function ProgressBar({ label, value, max = 100, valueText, tone = 'primary', size = 'medium' }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 100;
  return (
    <Track
      $size={size}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <Fill $percent={percent} $tone={tone} />
    </Track>
  );
}

/** A bar's figures for hours against a target: full at the target, read out as 'x of y hours'. */
export function hoursProgress(hours: number, targetHours: number) {
  return { value: Math.min(hours, targetHours), max: targetHours, valueText: `${hours} of ${targetHours} hours` };
}
