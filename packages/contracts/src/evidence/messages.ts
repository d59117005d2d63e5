/** Texts of the evidence rules and their refusals, word for word (server answers and screens). */
export const EVIDENCE_MESSAGES = {
  fileRequired: 'Choose a file to attach (the form field "file")',
  oneFilePerUpload: 'Send one file per upload',
  notMultipart: 'Send the file as multipart/form-data in the field "file"',
  unsupportedType: 'The file must be a PDF, PNG, JPEG or WebP file (judged from its content, not its name)',
  unreadableImage: 'The image could not be read: it may be damaged',
  fileTooLarge: (maxMegabytes: number) => `A file may be at most ${maxMegabytes} MB`,
  tooManyFiles: (max: number) => `An entry can have at most ${max} files`,
  quotaExceeded: (quotaMegabytes: number) =>
    `Your files may take at most ${quotaMegabytes} MB in all: remove some files before attaching more`,
  uploadCutOff: 'The upload was cut off before it ended: nothing was stored',
  attachOwnEntriesOnly: 'You can only attach files to your own entries',
  removeOwnFilesOnly: 'Only the entry’s owner or an administrator can remove its files',
  evidenceAccessDenied: 'You do not have access to the files of this entry',
  evidenceNotFound: 'File not found',
  noThumbnail: 'This file has no thumbnail: only images have one',
  invalidEvidenceId: 'File id must be a whole number of at least 1',
} as const;
