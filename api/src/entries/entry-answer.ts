import type { EntryView } from '@tht/contracts';
import type { EntryState } from './entry-decider';

export type DecidedEntry = NonNullable<EntryState>;

/** What the entries read model adds to an entry's own stream: its owner's account name and its files. */
export interface EntryViewExtras {
  employeeName: string;
  evidenceCount: number;
}

/** The view of an entry as its own stream tells it (decision 057). */
export function entryViewOfStream(entry: DecidedEntry, { employeeName, evidenceCount }: EntryViewExtras): EntryView {
  const { customFields, validUntil = null, ...details } = entry.details;
  return {
    id: entry.entryId,
    userId: entry.userId,
    employeeName,
    ...details,
    customFields,
    validUntil,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    evidenceCount,
    source: entry.source,
  };
}

/**
 * Whether the read model's row shows the entry as decided: false when it is older (the read models
 * lagged beyond the command's wait, `waitForReadModels`).
 */
export function rowShowsDecision(row: EntryView, entry: DecidedEntry): boolean {
  return Date.parse(row.updatedAt) >= Date.parse(entry.updatedAt);
}
