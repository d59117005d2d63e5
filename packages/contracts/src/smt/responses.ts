import { z } from 'zod';
import { departmentHoursSchema, innovativeHighlightSchema, organisationTargetSchema } from '../hr/responses';
import { topicCountSchema } from '../manager/responses';
import { ACTIVE_EMPLOYEE_RULE } from './active-employees';

const SMT_BADGES = ['Complete', 'On Track', 'Needs Attention'] as const;

/** A year's headline figures: the three cards of the SMT dashboard. */
export const smtYearFiguresSchema = z.strictObject({
  activeEmployees: z.number().meta({ description: ACTIVE_EMPLOYEE_RULE }),
  totalHours: z.number(),
  averageHoursPerEmployee: z.number().meta({ description: 'Total hours over active employees, to one decimal (0 without any)' }),
});

/** The organisational target card: the HR card's figures, the completed share and the badge. */
export const smtTargetSchema = organisationTargetSchema.extend({
  completedPercent: z.number().meta({ description: 'Share of the target completed, one decimal rounded down, not capped' }),
  badge: z.enum(SMT_BADGES).meta({ description: 'Complete at 100%, On Track at 75% or more, otherwise Needs Attention' }),
});

/** One of the latest innovative entries, its notes cut to 80 characters. */
export const smtHighlightSchema = innovativeHighlightSchema.extend({
  notesPreview: z.string().meta({ description: 'The notes cut to 80 characters (an ellipsis marks a cut)' }),
});

/** One of the year's top entries by rating (the SMT dashboard lists entries, not courses). */
export const smtTopRatedEntrySchema = z.strictObject({
  id: z.number(),
  userId: z.number(),
  employeeName: z.string(),
  department: z.string(),
  trainingName: z.string(),
  courseGivenBy: z.string(),
  date: z.string(),
  hours: z.number(),
  rating: z.number().meta({ description: '4 or 5' }),
});

/** GET /api/smt/overview?year=: everything the SMT dashboard shows for one year, in one answer. */
export const smtOverviewSchema = z.strictObject({
  year: z.number(),
  ...smtYearFiguresSchema.shape,
  totalAccounts: z.number().meta({ description: 'Every account today (active employees are a share of them)' }),
  previousYear: smtYearFiguresSchema.extend({ year: z.number() }).meta({ description: 'The same figures for the year before' }),
  elapsedShare: z.number().meta({ description: 'Elapsed share of the year today (0-1)' }),
  target: smtTargetSchema.nullable().meta({ description: 'null when no yearly target is set for the year' }),
  topics: z.array(topicCountSchema).meta({ description: 'The top 12 topics of the enterprise keyword list, most entries first' }),
  innovation: z.strictObject({
    entries: z.number(),
    hours: z.number(),
    rate: z.number().meta({ description: 'Innovative entries divided by all entries of the year, whole percent' }),
    highlights: z.array(smtHighlightSchema).meta({ description: 'The 3 latest innovative entries, latest date first' }),
  }),
  topRatedEntries: z
    .array(smtTopRatedEntrySchema)
    .meta({ description: 'At most 6 entries rated 4 or more, best rating first, then latest date' }),
  hoursByDepartment: z
    .array(departmentHoursSchema)
    .meta({ description: 'Hours of the year by the department people are in now, most first' }),
});

export type SmtYearFigures = z.infer<typeof smtYearFiguresSchema>;
export type SmtTarget = z.infer<typeof smtTargetSchema>;
export type SmtHighlight = z.infer<typeof smtHighlightSchema>;
export type SmtTopRatedEntry = z.infer<typeof smtTopRatedEntrySchema>;
export type SmtOverview = z.infer<typeof smtOverviewSchema>;
