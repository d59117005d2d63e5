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
  logUnavailable: 'The audit log is served from the PostgreSQL event store only',
  badActor: 'actorId must be a user id or system',
  unknownLogKind: 'kind must be one of entries, users, user-targets, fiscal-years, departments, form-fields, security',
  badTime: 'from and to must be dates written YYYY-MM-DD or ISO 8601 times with an offset',
  badTimeRange: 'from must be before to',
  badPage: 'page must be a whole number of at least 1',
  badPageSize: 'pageSize must be a whole number from 1 to 200',
  tooDeep: 'The audit log pages reach 10,000 events back; narrow the dates to see older events',
} as const;
