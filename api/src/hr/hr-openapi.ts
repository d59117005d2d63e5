import { HR_MESSAGES as M, hrEmployeesPageSchema, hrRoutes, hrStatsSchema, hrTrendsSchema } from '@tht/contracts';
import { asOfRead } from '../as-of';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** A year read's prose: its summary also describes its answer; HR and admins only. */
function yearRead(summary: string, description: string) {
  return {
    summary,
    description: `${description} \`year\` defaults to the current year. HR and admins.`,
    responses: { 200: summary },
    errors: { 403: [M.hrAccessRequired] },
  };
}

/** The prose of the HR dashboard's routes (`hrRoutes` in @tht/contracts). */
export const describeHrApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    hrRoutes,
    {
      tag: { name: 'HR', description: "The organisation's figures of a year for the HR dashboard" },
      schemas: { HrStats: hrStatsSchema, HrTrends: hrTrendsSchema, HrEmployeesPage: hrEmployeesPageSchema },
      operations: {
        getHrStats: asOfRead(
          yearRead(
            "The organisation's totals of a year",
            'Total users, hours, entries and innovative entries; the innovation rate and hours; the 5 latest innovative entries; the yearly target with progress, the on-track rule and the hours needed to be back on track.',
          ),
        ),
        listHrUsers: yearRead(
          'Every active account with their figures and target of a year',
          'By last then first name (deactivated accounts, leavers, left out), with their latest 2 courses of the year. The employee table reads `GET /api/hr/employees`, a page at a time.',
        ),
        listHrEmployees: yearRead(
          'One page of the employee table',
          '50 accounts a page, with their figures and target of the year and their latest 2 courses. `search` matches ' +
            'first name, last name, full name or e-mail ignoring case; `role` keeps one role; `status` the active accounts ' +
            '(default), the deactivated ones (leavers, marked with `deactivatedAt`; their hours stay in every figure) or all; ' +
            '`sort` orders by a column (`name`: last, then first name; ties of the others by name) in `order`. `total` counts ' +
            'the matching accounts, `allEmployees` every active account (who share the yearly target); `bulkTargetHours` is ' +
            'the default of a bulk assignment of the year.',
        ),
        listTopCourses: asOfRead(
          yearRead(
            'The top rated courses of a year',
            'Entries rated 4 or more, grouped by training name; best average first, then most completions; at most 6.',
          ),
        ),
        listHrTopics: asOfRead(yearRead('The popular topics of a year', 'The top 8 topics of the enterprise keyword list.')),
        getHrTrends: asOfRead(
          yearRead(
            "The organisation's hours per month and by department",
            'Hours dated in each month against the pace of the yearly target, and hours by department (of the people in it at the time).',
          ),
        ),
      },
    },
    settings,
  );
