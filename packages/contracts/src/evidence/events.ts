import type { EvidenceType } from './schemas';

/**
 * Evidence events, on the entry's stream (`entry-<id>`): the facts of a file attached and removed.
 * The bytes live outside the log (schema `evidence`); the event's name, size, type and SHA-256 tell
 * which file it was. `name` is personal data (a certificate's file name often carries the person's
 * name), sealed with the entry owner's key (`userId`).
 */
export interface EvidenceEventData {
  EvidenceAttached: {
    entryId: number;
    userId: number;
    evidenceId: number;
    name: string;
    size: number;
    type: EvidenceType;
    sha256: string;
  };
  EvidenceRemoved: { entryId: number; userId: number; evidenceId: number };
}

export type EvidenceEventType = keyof EvidenceEventData;

export type EvidenceEvent = {
  [Type in EvidenceEventType]: { type: Type; data: EvidenceEventData[Type] };
}[EvidenceEventType];
