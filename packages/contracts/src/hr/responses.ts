import { z } from 'zod';
import { roleSchema } from '../accounts/roles';
import { topicCountSchema } from '../manager/responses';

/** One of the most recent innovative entries of the year (the innovative summary). */
export const innovativeHighlightSchema = z.strictObject({
  id: z.number(),
  userId: z.number(),
  employeeName: z.string(),
  trainingName: z.string(),
  date: z.string(),
  hours: z.number(),
  notesPreview: z.string().meta({ description: 'The notes cut to 100 characters (an ellipsis marks a cut)' }),
});

/** The organisation's yearly target and where the organisation stands against it. */
export const organisationTargetSchema = z.strictObject({
  targetHours: z.number(),
  description: z.string().nullable(),
  progressPercent: z.number().meta({ description: 'Share of the target completed, whole percent, capped at 100' }),
  onTrack: z.boolean().meta({ description: 'Share of the target completed >= 80% of the elapsed share of the year' }),
  hoursToGetBackOnTrack: z.number().meta({ description: 'Hours still needed to be on track again (0 when on track)' }),
});

/** GET /api/hr/stats?year=: the organisation in one year (the HR stats plus the cards' figures). */
export const hrStatsSchema = z.strictObject({
  year: z.number(),
  totalUsers: z.number().meta({ description: 'Every account' }),
  totalHours: z.number(),
  completedTraining: z.number().meta({ description: 'Entries of the year' }),
  innovativeEntries: z.number(),
  innovativeHours: z.number(),
  innovationRate: z.number().meta({ description: 'Innovative entries divided by all entries of the year, whole percent' }),
  recentInnovative: z.array(innovativeHighlightSchema).meta({ description: 'The 5 latest innovative entries, latest date first' }),
  elapsedShare: z.number().meta({ description: 'Elapsed share of the year today (0-1)' }),
  target: organisationTargetSchema.nullable().meta({ description: 'null when no yearly target is set for the year' }),
});

export const recentCourseSchema = z.strictObject({ trainingName: z.string(), date: z.string() });

/** One account in the HR employee table. */
export const hrEmployeeSchema = z.strictObject({
  id: z.number(),
  name: z.string().meta({ description: 'First and last name' }),
  email: z.string(),
  role: roleSchema,
  department: z.string(),
  totalHours: z.number(),
  completedTraining: z.number().meta({ description: 'Entries of the year' }),
  targetHours: z
    .number()
    .meta({ description: 'Their own target for the year, else the yearly target shared among all users (rounded), else 100' }),
  hasOwnTarget: z
    .boolean()
    .meta({ description: 'True when HR set a target for this person and year (edit with PUT, else create with POST)' }),
  recentCourses: z.array(recentCourseSchema).meta({ description: 'The latest 2 entries of the year, latest first' }),
  deactivatedAt: z.string().optional().meta({ description: 'Present only for a deactivated account: when it was switched off' }),
});

/** GET /api/hr/users?year=: every account, by last then first name. */
export const hrUsersSchema = z.array(hrEmployeeSchema);

export const topCourseSchema = z.strictObject({
  trainingName: z.string(),
  averageRating: z.number().meta({ description: 'Average rating of its entries rated 4 or more, to 2 decimals' }),
  completions: z.number().meta({ description: 'Entries of the year with this training name rated 4 or more' }),
});

/** GET /api/hr/top-courses?year=: at most 6, best average first, then most completions. */
export const topCoursesSchema = z.array(topCourseSchema);

/** GET /api/hr/topics?year=: the top 8 topics of the enterprise keyword list, most entries first. */
export const hrTopicsSchema = z.array(topicCountSchema);

export const departmentHoursSchema = z.strictObject({
  department: z.string(),
  hours: z.number(),
  employees: z.number().meta({ description: 'Accounts of the department with entries in the year' }),
});

/** GET /api/hr/trends?year=: the organisation's hours per month against the target pace, and hours by department. */
export const hrTrendsSchema = z.strictObject({
  year: z.number(),
  hoursByMonth: z.array(z.number()).length(12).meta({ description: "The organisation's hours dated in each month, January first" }),
  targetPace: z
    .array(z.number())
    .length(12)
    .nullable()
    .meta({ description: 'Cumulative hours the yearly target expects by the end of each month; null without a target' }),
  hoursByDepartment: z.array(departmentHoursSchema).meta({ description: 'Most hours first' }),
});

/** POST /api/user-targets/bulk: what the assignment did. */
export const bulkTargetResultSchema = z.strictObject({
  year: z.number(),
  targetHours: z.number(),
  reason: z.string(),
  employees: z.number().meta({ description: 'People the target was set for' }),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number().meta({ description: 'Already had exactly this target and reason' }),
});

export type InnovativeHighlight = z.infer<typeof innovativeHighlightSchema>;
export type OrganisationTarget = z.infer<typeof organisationTargetSchema>;
export type HrStats = z.infer<typeof hrStatsSchema>;
export type RecentCourse = z.infer<typeof recentCourseSchema>;
export type HrEmployee = z.infer<typeof hrEmployeeSchema>;
export type TopCourse = z.infer<typeof topCourseSchema>;
export type DepartmentHours = z.infer<typeof departmentHoursSchema>;
export type HrTrends = z.infer<typeof hrTrendsSchema>;
export type BulkTargetResult = z.infer<typeof bulkTargetResultSchema>;
