import styled from 'styled-components';
import { filesAttached } from './evidenceText';

const Clip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
  white-space: nowrap;
`;

/** A paper-clip with the number of files attached to an entry; nothing when there are none. */
export function EvidenceCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Clip role="img" aria-label={filesAttached(count)} title={filesAttached(count)}>
      <span aria-hidden="true">📎</span>
      <span aria-hidden="true">{count}</span>
    </Clip>
  );
}
