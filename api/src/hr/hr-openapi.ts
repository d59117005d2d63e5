import {
  HR_MESSAGES as M,
  hrEmployeesPageSchema,
  hrEmployeesQuerySchema,
  hrFiguresQuerySchema,
  hrStatsSchema,
  hrTopicsSchema,
  hrTrendsSchema,
  hrUsersSchema,
  hrYearQuerySchema,
  topCoursesSchema,
} from '@tht/contracts';
import type { z } from 'zod';
import { asOfRead } from '../as-of/as-of-openapi';
import type { ApiOperation, DescribeFeatureApi } from '../openapi/operations';

function yearRead(path: string, operationId: string, summary: string, description: string, schema: z.ZodType): ApiOperation {
  return {
    method: 'get',
    path,
    operationId,
    summary,
    description: `${description} \`year\` defaults to the current year. HR and admins.`,
    access: 'signed-in',
    query: hrYearQuerySchema,
    responses: { 200: { description: summary, schema } },
    errors: { 403: [M.hrAccessRequired] },
  };
}

/** The routes of `hr-routes.ts`. */
export const describeHrApi: DescribeFeatureApi = () => ({
  tag: { name: 'HR', description: "The organisation's figures of a year for the HR dashboard" },
  schemas: { HrStats: hrStatsSchema, HrTrends: hrTrendsSchema, HrEmployeesPage: hrEmployeesPageSchema },
  operations: [
    asOfRead(
      yearRead(
        '/api/hr/stats',
        'getHrStats',
        "The organisation's totals of a year",
        'Total users, hours, entries and innovative entries; the innovation rate and hours; the 5 latest innovative entries; the yearly target with progress, the on-track rule and the hours needed to be back on track.',
        hrStatsSchema,
      ),
      hrFiguresQuerySchema,
    ),
    yearRead(
      '/api/hr/users',
      'listHrUsers',
      'Every account with their figures and target of a year',
      'By last then first name, with their latest 2 courses of the year. The employee table reads `GET /api/hr/employees`, a page at a time.',
      hrUsersSchema,
    ),
    {
      ...yearRead(
        '/api/hr/employees',
        'listHrEmployees',
        'One page of the employee table',
        '50 accounts a page, with their figures and target of the year and their latest 2 courses. `search` matches ' +
          'first name, last name, full name or e-mail ignoring case; `role` keeps one role; `sort` orders by a column ' +
          '(`name`: last, then first name; ties of the others by name) in `order`. `total` counts the matching ' +
          'accounts, `allEmployees` every account; `bulkTargetHours` is the default of a bulk assignment of the year.',
        hrEmployeesPageSchema,
      ),
      query: hrEmployeesQuerySchema,
    },
    asOfRead(
      yearRead(
        '/api/hr/top-courses',
        'listTopCourses',
        'The top rated courses of a year',
        'Entries rated 4 or more, grouped by training name; best average first, then most completions; at most 6.',
        topCoursesSchema,
      ),
      hrFiguresQuerySchema,
    ),
    asOfRead(
      yearRead(
        '/api/hr/topics',
        'listHrTopics',
        'The popular topics of a year',
        'The top 8 topics of the enterprise keyword list.',
        hrTopicsSchema,
      ),
      hrFiguresQuerySchema,
    ),
    asOfRead(
      yearRead(
        '/api/hr/trends',
        'getHrTrends',
        "The organisation's hours per month and by department",
        'Hours dated in each month against the pace of the yearly target, and hours by department (of the people in it at the time).',
        hrTrendsSchema,
      ),
      hrFiguresQuerySchema,
    ),
  ],
});
