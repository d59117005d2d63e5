import { z } from 'zod';
import { hoursSchema } from '../entries/schemas';

/** The ADL verbs that count as training unless an administrator chooses others (issue #32, section 2). */
export const ADL_VERBS = {
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  attended: 'http://adlnet.gov/expapi/verbs/attended',
} as const;

export const DEFAULT_TRAINING_VERBS: readonly string[] = [ADL_VERBS.completed, ADL_VERBS.passed, ADL_VERBS.attended];

export const XAPI_TRAINING_VERBS_MAX = 50;
export const XAPI_VERB_IRI_MAX = 2_000;

/** The Connected systems tab's and the API's words about training rules and unmatched statements. */
export const XAPI_TRAINING_MESSAGES = {
  verbsShape: 'Verbs are a list of verb IRIs',
  verbNotIri: (verb: string) => `Not a verb IRI: ${verb}`,
  tooManyVerbs: `At most ${XAPI_TRAINING_VERBS_MAX} verbs`,
  duplicateVerb: (verb: string) => `Verb listed twice: ${verb}`,
  /** An entry's statement asked for when it has none (hand-logged) or the caller may not see it. */
  noStatement: 'This entry was not reported by a connected system',
  unknownPerson: 'No person of the organisation has this e-mail',
  deactivatedPerson: 'The person is deactivated',
  /** The entry shows "from <system>". */
  fromSystem: (system: string) => `from ${system}`,
} as const;

const IRI = /^[a-z][a-z0-9+.-]*:[^\s]+$/i;

const verbSchema = z
  .string(XAPI_TRAINING_MESSAGES.verbsShape)
  .trim()
  .max(XAPI_VERB_IRI_MAX, XAPI_TRAINING_MESSAGES.verbsShape)
  .refine((verb) => IRI.test(verb), { error: (issue) => XAPI_TRAINING_MESSAGES.verbNotIri(String(issue.input)) });

/** Default hours: null (a statement without `result.duration` is not training) or hours as an entry has them. */
const defaultHoursSchema = z.unknown().transform((value, ctx): number | null => {
  if (value === null || value === undefined) return null;
  const parsed = hoursSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

/**
 * A connected system's training rules: which verbs make a statement training (an empty list: none
 * does) and the hours of a statement without `result.duration` (null: such a statement is not training).
 */
export const xapiTrainingRulesSchema = z.strictObject({
  verbs: z
    .array(verbSchema, XAPI_TRAINING_MESSAGES.verbsShape)
    .max(XAPI_TRAINING_VERBS_MAX, XAPI_TRAINING_MESSAGES.tooManyVerbs)
    .superRefine((verbs, ctx) => {
      const seen = new Set<string>();
      for (const verb of verbs) {
        if (seen.has(verb)) ctx.addIssue({ code: 'custom', message: XAPI_TRAINING_MESSAGES.duplicateVerb(verb) });
        seen.add(verb);
      }
    }),
  defaultHours: defaultHoursSchema,
});
export type XapiTrainingRules = z.infer<typeof xapiTrainingRulesSchema>;

/** The rules of a system nobody has set any for. */
export const DEFAULT_TRAINING_RULES: XapiTrainingRules = { verbs: [...DEFAULT_TRAINING_VERBS], defaultHours: null };

/**
 * Why a statement that counts as training is no entry: no active person has its actor's e-mail
 * (it becomes one when such a person exists), or the entry rules refused it (`message` says why).
 */
export const XAPI_UNMATCHED_REASONS = ['unknown-person', 'deactivated-person', 'refused'] as const;
export type XapiUnmatchedReason = (typeof XAPI_UNMATCHED_REASONS)[number];

export const xapiUnmatchedStatementSchema = z.strictObject({
  statementId: z.uuid(),
  clientId: z.uuid(),
  /** The connected system's name. */
  system: z.string(),
  /** The actor as sent: `mailto:…`, an account's name, or `sha1:<sum>`. */
  actor: z.string(),
  verb: z.string(),
  /** The activity's name (en-US, en, else the first language), else its id. */
  activity: z.string(),
  /** The statement's `timestamp` and `stored`, ISO 8601. */
  timestamp: z.string(),
  stored: z.string(),
  reason: z.enum(XAPI_UNMATCHED_REASONS),
  /** The reason in words, e.g. the entry rule's message. */
  message: z.string(),
});
export type XapiUnmatchedStatement = z.infer<typeof xapiUnmatchedStatementSchema>;

/** The newest unmatched statements (at most `XAPI_UNMATCHED_LIST_MAX`), newest first, and how many there are. */
export const XAPI_UNMATCHED_LIST_MAX = 200;
export const xapiUnmatchedListSchema = z.strictObject({
  statements: z.array(xapiUnmatchedStatementSchema),
  total: z.number(),
});
export type XapiUnmatchedList = z.infer<typeof xapiUnmatchedListSchema>;

/** The statement behind a reported entry, as the LRS stores it (JSON). */
export const xapiStatementJsonSchema = z.record(z.string(), z.unknown());
