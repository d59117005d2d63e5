import { EVIDENCE_FILE_FIELD, evidenceRoutes, urlOf } from '@tht/contracts';
// '@tht/ui' (not relative paths): this module is bundled into each remote that uses it, and the
// SWR cache must be the shell's shared instance.
import { useRead, useUpload, useWrite } from '@tht/ui';

/** An entry's files (null: none asked for yet). */
export function useEntryEvidence(entryId: number | null) {
  const { data, error, isLoading } = useRead(evidenceRoutes.listEvidence, entryId === null ? null : { params: { id: entryId } });
  return { files: data ?? [], error, isLoading };
}

export type EvidenceUpload = { entryId: number; file: File };

function uploadInput({ entryId, file }: EvidenceUpload) {
  const body = new FormData();
  body.append(EVIDENCE_FILE_FIELD, file);
  return { params: { id: entryId }, body };
}

/** Attaches a file to an entry, with the share of it sent (`progress`). */
export const useAttachEvidence = () => useUpload(evidenceRoutes.attachEvidence, uploadInput);

export type EvidenceRef = { entryId: number; evidenceId: number };

const fileParams = ({ entryId, evidenceId }: EvidenceRef) => ({ params: { id: entryId, evidenceId } });

export const useRemoveEvidence = () => useWrite(evidenceRoutes.removeEvidence, fileParams);

/** Where a file downloads from (the sign-in cookie goes with a link, as with the export). */
export const evidenceFileUrl = (file: EvidenceRef) => urlOf(evidenceRoutes.downloadEvidence, fileParams(file));

/** Where an image's thumbnail is. */
export const evidenceThumbnailUrl = (file: EvidenceRef) => urlOf(evidenceRoutes.getEvidenceThumbnail, fileParams(file));
