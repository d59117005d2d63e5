import { useState, type MouseEvent } from 'react';
import styled from 'styled-components';
import { XAPI_TRAINING_MESSAGES, type EntryView } from '@tht/contracts';
// '@tht/ui' (not relative paths): the theme must be the shell's shared instance.
import { Badge } from '@tht/ui';
import { statementUrl } from './statementApi';
import { StatementDialog } from './StatementDialog';

const Source = styled.span`
  display: inline-flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.spacing(2)};
  white-space: nowrap;
  font-size: 0.875rem;
`;

const StatementLink = styled.a`
  color: ${({ theme }) => theme.colors.primary};
`;

/**
 * A reported entry's origin: "from <system>" and a Statement link that opens the statement the
 * system sent (a new tab shows its raw JSON). Nothing for a hand-logged entry.
 */
export function EntrySource({ entry }: { entry: Pick<EntryView, 'id' | 'source'> }) {
  const [open, setOpen] = useState(false);
  const { source } = entry;
  if (!source) return null;
  function openDialog(event: MouseEvent<HTMLAnchorElement>) {
    // A plain click opens the dialog; a click asking for a new tab or window keeps the link's own way.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(true);
  }
  return (
    <Source>
      <Badge $tone="neutral">{XAPI_TRAINING_MESSAGES.fromSystem(source.system)}</Badge>
      <StatementLink href={statementUrl(entry.id)} aria-haspopup="dialog" onClick={openDialog}>
        Statement
      </StatementLink>
      {open && <StatementDialog entryId={entry.id} system={source.system} onClose={() => setOpen(false)} />}
    </Source>
  );
}
