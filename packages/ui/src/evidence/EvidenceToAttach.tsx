import styled from 'styled-components';
import { EVIDENCE_MAX_FILES_PER_ENTRY } from '@tht/contracts';
import { Button, formatFileSize } from '@tht/ui';
import { EvidenceChooser } from './EvidenceChooser';
import { EVIDENCE_HINT } from './evidenceText';
import { UploadStatus, type UploadState } from './useEvidenceUploads';

const Box = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  & legend { font-weight: 600; padding: 0 ${({ theme }) => theme.spacing(1)}; }
  & p { margin: ${({ theme }) => theme.spacing(1)} 0 0; color: ${({ theme }) => theme.colors.mutedText}; font-size: 0.875rem; }
`;

const Chosen = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.spacing(2)};
  padding: 0;
  & li { display: flex; justify-content: space-between; align-items: center; gap: ${({ theme }) => theme.spacing(2)}; }
`;

type EvidenceToAttachProps = {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** While the entry is saved and its files sent. */
  disabled: boolean;
  status: UploadState;
};

/** Files chosen for an entry not saved yet: attached once it is (the server judges each then). */
export function EvidenceToAttach({ files, onChange, disabled, status }: EvidenceToAttachProps) {
  return (
    <Box>
      <legend>Evidence</legend>
      {files.length > 0 && (
        <Chosen aria-label="Files to attach">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span>
                {file.name} ({formatFileSize(file.size)})
              </span>
              <Button
                $variant="secondary"
                aria-label={`Do not attach ${file.name}`}
                disabled={disabled}
                onClick={() => onChange(files.filter((_, kept) => kept !== index))}
              >
                Remove
              </Button>
            </li>
          ))}
        </Chosen>
      )}
      <EvidenceChooser
        label="Choose files to attach"
        multiple
        disabled={disabled || files.length >= EVIDENCE_MAX_FILES_PER_ENTRY}
        onFiles={(chosen) => onChange([...files, ...chosen].slice(0, EVIDENCE_MAX_FILES_PER_ENTRY))}
      />
      <p>{EVIDENCE_HINT} They are attached when the entry is saved.</p>
      <UploadStatus {...status} />
    </Box>
  );
}
