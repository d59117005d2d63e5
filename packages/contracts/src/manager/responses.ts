import { z } from 'zod';
import { userSummarySchema } from '../accounts/responses';
import { certificateSummarySchema } from '../certificates/responses';
import { entryViewSchema } from '../entries/responses';
import type { ScheduleStatus } from '../progress/schedule';

const SCHEDULE_STATUSES = ['target-achieved', 'on-schedule', 'behind-schedule'] as const satisfies readonly ScheduleStatus[];

const scheduleStatusSchema = z.enum(SCHEDULE_STATUSES).meta({
  description:
    'target-achieved when hours >= target, else on-schedule when hours >= round(elapsed share of the year x target), else behind-schedule',
});

export const topicCountSchema = z.strictObject({
  topic: z.string(),
  count: z.number().meta({ description: 'Entries that mention the topic' }),
});

/** One direct report's figures for the year. */
export const managerEmployeeStatsSchema = z.strictObject({
  id: z.number(),
  name: z.string().meta({ description: 'First and last name' }),
  totalHours: z.number(),
  completedTraining: z.number().meta({ description: 'Entries of the year' }),
  highRatedTraining: z.number().meta({ description: 'Entries of the year rated 4 or more' }),
  targetHours: z
    .number()
    .meta({ description: 'Their own target for the year, else the yearly target shared among all users (rounded), else 100' }),
  scheduleStatus: scheduleStatusSchema,
  expiringCertificates: z.array(certificateSummarySchema).meta({
    description:
      'Their certificates that expire within 60 days of today, or lapsed in the last year and not renewed, soonest first',
  }),
});

/** GET /api/manager/{managerId}/stats?year=: the team of direct reports in one year. */
export const managerStatsSchema = z.strictObject({
  year: z.number(),
  totalEmployees: z.number().meta({ description: 'Direct reports' }),
  totalHours: z.number(),
  completedTraining: z.number(),
  thisMonth: z.number().meta({ description: 'Hours dated in the current calendar month (0 for another year)' }),
  targetHours: z.number().meta({ description: "The sum of the reports' targets" }),
  scheduleStatus: scheduleStatusSchema,
  hoursByMonth: z.array(z.number()).length(12).meta({ description: "The team's hours dated in each month, January first" }),
  popularTopics: z
    .array(topicCountSchema)
    .meta({ description: 'The top 8 topics of the manager keyword list, most entries first' }),
  employeeStats: z.array(managerEmployeeStatsSchema).meta({ description: 'Every direct report, by last then first name' }),
});

/** GET /api/manager/{managerId}/employees: the direct reports, by last then first name. */
export const managerEmployeesSchema = z.array(userSummarySchema);

/** GET /api/manager/{managerId}/entries?year=: the direct reports' entries, latest date first. */
export const managerEntriesSchema = z.array(entryViewSchema);

export type ManagerEmployeeStats = z.infer<typeof managerEmployeeStatsSchema>;
export type ManagerStats = z.infer<typeof managerStatsSchema>;
