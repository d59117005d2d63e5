import { AS_OF_BUILDING_ANSWER } from '../audit/as-of';
import { defineRoutes } from '../routes/api-route';
import { hrEmployeesPageSchema, hrEmployeesQuerySchema } from './employee-pages';
import { hrStatsSchema, hrTopicsSchema, hrTrendsSchema, hrUsersSchema, topCoursesSchema } from './responses';
import { hrFiguresQuerySchema, hrYearQuerySchema } from './schemas';

/** The HR dashboard's reads, each for one year; the figures also as they stood at a moment (`asOf`). */
export const hrRoutes = defineRoutes({
  getHrStats: {
    method: 'get',
    path: '/api/hr/stats',
    access: 'signed-in',
    query: hrFiguresQuerySchema,
    responses: { 200: { schema: hrStatsSchema }, 202: AS_OF_BUILDING_ANSWER },
  },
  listHrUsers: {
    method: 'get',
    path: '/api/hr/users',
    access: 'signed-in',
    query: hrYearQuerySchema,
    responses: { 200: { schema: hrUsersSchema } },
  },
  listHrEmployees: {
    method: 'get',
    path: '/api/hr/employees',
    access: 'signed-in',
    query: hrEmployeesQuerySchema,
    responses: { 200: { schema: hrEmployeesPageSchema } },
  },
  listTopCourses: {
    method: 'get',
    path: '/api/hr/top-courses',
    access: 'signed-in',
    query: hrFiguresQuerySchema,
    responses: { 200: { schema: topCoursesSchema }, 202: AS_OF_BUILDING_ANSWER },
  },
  listHrTopics: {
    method: 'get',
    path: '/api/hr/topics',
    access: 'signed-in',
    query: hrFiguresQuerySchema,
    responses: { 200: { schema: hrTopicsSchema }, 202: AS_OF_BUILDING_ANSWER },
  },
  getHrTrends: {
    method: 'get',
    path: '/api/hr/trends',
    access: 'signed-in',
    query: hrFiguresQuerySchema,
    responses: { 200: { schema: hrTrendsSchema }, 202: AS_OF_BUILDING_ANSWER },
  },
});
