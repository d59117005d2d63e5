/** Texts of the audit feature (record histories, the hash chain head, the events export). */
export const AUDIT_MESSAGES = {
  historyAccessDenied: 'You may not see the history of this record',
  recordNotFound: 'No record of that kind has this id',
  unknownKind: 'Kind must be one of entries, users, user-targets, yearly-targets, departments, form-fields, fiscal-years',
  badId: 'The id does not name a record of this kind',
  passwordChanged: 'password changed',
  resetLinkIssued: 'password reset link sent',
  chainUnavailable: 'The audit hash chain is kept for the PostgreSQL event store only',
  badSequence: 'from and to must be whole numbers from 1, from not after to',
} as const;
