import styled from 'styled-components';
import { EVIDENCE_MAX_FILES_PER_ENTRY } from '@tht/contracts';
import { EmptyText, errorMessageOf, FieldError, Spinner } from '@tht/ui';
import { useEntryEvidence } from './evidenceApi';
import { EvidenceChooser } from './EvidenceChooser';
import { EvidenceList } from './EvidenceList';
import { EVIDENCE_FULL, EVIDENCE_HINT } from './evidenceText';
import { UploadStatus, useEvidenceUploads } from './useEvidenceUploads';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.spacing(4)};
  & h3 { margin: 0 0 ${({ theme }) => theme.spacing(2)}; font-size: 1rem; }
`;

const Attach = styled.div`
  margin-top: ${({ theme }) => theme.spacing(3)};
  & p { margin: ${({ theme }) => theme.spacing(1)} 0 0; color: ${({ theme }) => theme.colors.mutedText}; font-size: 0.875rem; }
`;

type EntryEvidenceProps = {
  entryId: number;
  /** The entry's owner: attach and remove (the server checks it again). */
  canChange: boolean;
  /** The section's heading, which names it (several entries' sections on one screen name their entry). */
  title?: string;
};

/** An entry's evidence: its files to look at and download and, for its owner, attach more and remove. */
export function EntryEvidence({ entryId, canChange, title = 'Evidence' }: EntryEvidenceProps) {
  const { files, error, isLoading } = useEntryEvidence(entryId);
  const uploads = useEvidenceUploads();
  const full = files.length >= EVIDENCE_MAX_FILES_PER_ENTRY;
  return (
    <Section aria-label={title}>
      <h3>{title}</h3>
      {isLoading ? (
        <Spinner label="Loading files..." />
      ) : error ? (
        <FieldError role="alert">Failed to load the files: {errorMessageOf(error, 'please try again.')}</FieldError>
      ) : files.length === 0 ? (
        <EmptyText>No files attached.</EmptyText>
      ) : (
        <EvidenceList entryId={entryId} files={files} canRemove={canChange} />
      )}
      {canChange && (
        <Attach>
          <EvidenceChooser
            label="Attach files"
            multiple
            disabled={uploads.pending || full || isLoading}
            onFiles={(chosen) => void uploads.upload(entryId, chosen)}
          />
          <p>{full ? EVIDENCE_FULL : EVIDENCE_HINT}</p>
          <UploadStatus {...uploads.status} />
        </Attach>
      )}
    </Section>
  );
}
