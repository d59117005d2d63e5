import { useState } from 'react';
import styled from 'styled-components';
import { errorMessageOf, FieldError, ProgressBar } from '@tht/ui';
import { useAttachEvidence } from './evidenceApi';

/** The file being sent: its name and place among the files of one go. */
type Sending = { name: string; position: number; total: number };

/**
 * Attaching files to an entry one after the other, each with its progress: `upload` resolves to
 * the failures (the file's name and the server's reason), which `UploadStatus` shows too.
 */
export function useEvidenceUploads() {
  const attach = useAttachEvidence();
  const [sending, setSending] = useState<Sending | null>(null);
  const [failures, setFailures] = useState<string[]>([]);

  async function upload(entryId: number, files: readonly File[]): Promise<string[]> {
    const failed: string[] = [];
    setFailures([]);
    for (const [index, file] of files.entries()) {
      setSending({ name: file.name, position: index + 1, total: files.length });
      try {
        await attach.run({ entryId, file });
      } catch (error) {
        failed.push(`${file.name}: ${errorMessageOf(error, 'please try again.')}`);
      }
    }
    setSending(null);
    setFailures(failed);
    return failed;
  }

  return { upload, pending: sending !== null, status: { sending, progress: attach.progress, failures } };
}

export type UploadState = ReturnType<typeof useEvidenceUploads>['status'];

const Status = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-top: ${({ theme }) => theme.spacing(2)};
  font-size: 0.875rem;
`;

/** The file being sent with its progress bar, and why files were refused. */
export function UploadStatus({ sending, progress, failures }: UploadState) {
  if (!sending && failures.length === 0) return null;
  const percent = Math.round(progress * 100);
  return (
    <Status>
      {sending && (
        <>
          <span>
            Uploading {sending.name} ({sending.position} of {sending.total})
          </span>
          <ProgressBar label={`Uploading ${sending.name}`} value={percent} valueText={`${percent}%`} size="small" />
        </>
      )}
      {failures.map((failure) => (
        <FieldError key={failure} role="alert">
          Not attached: {failure}
        </FieldError>
      ))}
    </Status>
  );
}
