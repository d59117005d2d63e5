import { useState } from 'react';
import styled from 'styled-components';
import { isImageEvidence, type EvidenceItem } from '@tht/contracts';
// '@tht/ui' (not relative paths): the toasts and the theme must be the shell's shared instance.
import { Button, ConfirmDialog, errorMessageOf, formatFileSize, useToast } from '@tht/ui';
import { evidenceFileUrl, evidenceThumbnailUrl, useRemoveEvidence } from './evidenceApi';

const Files = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const File = styled.li`
  display: grid;
  grid-template-columns: 3rem 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
`;

const Preview = styled.span`
  display: flex;
  width: 3rem;
  height: 3rem;
  align-items: center;
  justify-content: center;
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.subtle};
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.75rem;
  font-weight: 600;
  overflow: hidden;
  & img { width: 100%; height: 100%; object-fit: cover; }
`;

const Name = styled.span`
  overflow-wrap: anywhere;
  & small { display: block; color: ${({ theme }) => theme.colors.mutedText}; }
`;

const Actions = styled.span`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
  align-items: center;
`;

/** The short name of a file's type under its name. */
const TYPE_NAMES: Readonly<Record<EvidenceItem['type'], string>> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
};

type EvidenceListProps = {
  entryId: number;
  files: readonly EvidenceItem[];
  /** Whether Remove shows (the entry's owner; the server checks it again). */
  canRemove: boolean;
};

/** An entry's files: a thumbnail for an image, the name, size and type, a download link and, for the owner, Remove. */
export function EvidenceList({ entryId, files, canRemove }: EvidenceListProps) {
  const [removing, setRemoving] = useState<EvidenceItem | null>(null);
  const remove = useRemoveEvidence();
  const { showToast } = useToast();

  async function confirmRemove(file: EvidenceItem) {
    try {
      await remove.run({ entryId, evidenceId: file.id });
      showToast({ title: 'File removed', description: `${file.name} is no longer attached` });
    } catch (error) {
      showToast({ title: 'Remove failed', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setRemoving(null);
    }
  }

  return (
    <>
      <Files aria-label="Attached files">
        {files.map((file) => {
          const ref = { entryId, evidenceId: file.id };
          return (
            <File key={file.id}>
              <Preview>
                {isImageEvidence(file.type) ? (
                  <img src={evidenceThumbnailUrl(ref)} alt={`Thumbnail of ${file.name}`} loading="lazy" />
                ) : (
                  <span aria-hidden="true">{TYPE_NAMES[file.type]}</span>
                )}
              </Preview>
              <Name>
                {file.name}
                <small>
                  {TYPE_NAMES[file.type]}, {formatFileSize(file.size)}
                </small>
              </Name>
              <Actions>
                <a href={evidenceFileUrl(ref)} download={file.name} aria-label={`Download ${file.name}`}>
                  Download
                </a>
                {canRemove && (
                  <Button $variant="secondary" aria-label={`Remove ${file.name}`} onClick={() => setRemoving(file)}>
                    Remove
                  </Button>
                )}
              </Actions>
            </File>
          );
        })}
      </Files>
      <ConfirmDialog
        open={removing !== null}
        title="Remove file"
        message={removing ? `Remove ${removing.name} from this entry?` : ''}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.pending}
        onConfirm={() => removing && void confirmRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
