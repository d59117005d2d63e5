import { z } from 'zod';

/**
 * "The organisation as of a date": the moment asked for (`?asOf=` of GET /api/hr/stats and
 * GET /api/smt/overview, `npm run replay -- --as-of`), and the answer while its replay is built.
 */
export const AS_OF_MESSAGES = {
  notAMoment:
    'asOf must be a date (2026-06-30, to the end of that day in UTC) or a time (2026-06-30T14:00:00Z, UTC when no zone is given)',
  inTheFuture: 'asOf must not be in the future: the organisation is only known up to now',
  replayFailed: 'Replaying the event log for asOf failed (the server log has the reason); ask again to retry',
  replaysBusy: 'The server is busy replaying the event log for other moments; ask again later',
  ownReplayUnderWay: 'Your view as of another moment is still being replayed; ask for this one once it is done',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

export interface AsOfMoment {
  /** Events recorded up to this moment (inclusive) make the organisation as of it. */
  recordedBy: Date;
  /** How the moment reads to a person: `the end of 2026-06-30 (UTC)`, `2026-06-30T14:00:00.000Z`. */
  label: string;
}

/** A date is its whole day (UTC); a time without a zone is UTC. Null when `text` is neither. */
export function parseAsOfMoment(text: string): AsOfMoment | null {
  if (DATE.test(text)) {
    const recordedBy = new Date(`${text}T23:59:59.999Z`);
    if (!Number.isNaN(recordedBy.getTime()) && recordedBy.toISOString().startsWith(text))
      return { recordedBy, label: `the end of ${text} (UTC)` };
  } else if (TIME.test(text)) {
    const recordedBy = new Date(/Z|[+-]\d{2}:\d{2}$/.test(text) ? text : `${text}Z`);
    if (!Number.isNaN(recordedBy.getTime())) return { recordedBy, label: recordedBy.toISOString() };
  }
  return null;
}

/** The `asOf` query parameter: a moment not after now (absent: the live figures). */
export const asOfParameterSchema = z
  .string({ error: AS_OF_MESSAGES.notAMoment })
  .transform((text, ctx) => {
    const moment = parseAsOfMoment(text);
    if (!moment) ctx.addIssue({ code: 'custom', message: AS_OF_MESSAGES.notAMoment });
    else if (moment.recordedBy.getTime() > Date.now()) ctx.addIssue({ code: 'custom', message: AS_OF_MESSAGES.inTheFuture });
    return moment?.recordedBy ?? new Date(Number.NaN);
  })
  .optional();

/** Seconds a client waits before asking again while the read models as of its moment are replayed (the 202's `Retry-After`). */
export const AS_OF_RETRY_AFTER_SECONDS = 2;

/** `202 Accepted` while the read models as of the moment are replayed; ask again after `Retry-After` seconds. */
export const asOfBuildingSchema = z.object({
  status: z.literal('building'),
  /** Share of the replay done, 0 to 1. */
  progress: z.number().min(0).max(1),
});
export type AsOfBuilding = z.infer<typeof asOfBuildingSchema>;

/** The 202 answer of a route that also answers `?asOf=` (its `responses`). */
export const AS_OF_BUILDING_ANSWER = { schema: asOfBuildingSchema } as const;

/** What the HR and SMT dashboards say of the organisation as of a day (a `YYYY-MM-DD`, to its end in UTC). */
export const AS_OF_LABELS = {
  control: 'As of',
  show: 'Show',
  region: 'Figures as of a date',
  showing: (day: string) => `Showing the figures as recorded at the end of ${day} (UTC).`,
  replaying: (day: string) => `Replaying the records up to the end of ${day}`,
  backToToday: 'Back to today',
  /** An export button's label when it exports the data as of the day shown. */
  exportAsOf: (label: string, day: string) => `${label} as of ${day}`,
} as const;

/** The latest day whose end has passed (UTC): the last one a dashboard can show as of. */
export function latestAsOfDay(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
