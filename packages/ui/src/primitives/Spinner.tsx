import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const Status = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** A loading indicator with its label ('Loading...'), shown and announced as a status. */
export function Spinner({ label = 'Loading...', size = 32 }: { label?: string; size?: number }) {
  return (
    <Status role="status" aria-label={label}>
      <Ring $size={size} aria-hidden="true" />
      <span>{label}</span>
    </Status>
  );
}

const Centre = styled.div`
  display: flex;
  min-height: 60vh;
  align-items: center;
  justify-content: center;
`;

export function CentredSpinner({ label }: { label?: string }) {
  return (
    <Centre>
      <Spinner label={label} size={48} />
    </Centre>
  );
}
