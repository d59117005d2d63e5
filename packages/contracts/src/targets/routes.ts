import { z } from 'zod';
import { bulkTargetResultSchema } from '../hr/responses';
import { defineRoutes } from '../routes/api-route';
import { TARGETS } from '../routes/read-families';
import { userTargetSchema, yearlyTargetSchema } from './responses';
import {
  bulkTargetSchema,
  fiscalYearCreateSchema,
  targetUserIdSchema,
  targetYearParamSchema,
  userTargetCreateSchema,
  userTargetsQuerySchema,
  userTargetUpdateSchema,
  yearlyTargetCreateSchema,
  yearlyTargetUpdateSchema,
} from './schemas';

const YEARLY_TARGETS = { 200: { schema: z.array(yearlyTargetSchema) } } as const;

/** Yearly targets, which are the fiscal years, and personal targets. */
export const targetsRoutes = defineRoutes({
  listYearlyTargets: {
    method: 'get',
    path: '/api/yearly-targets',
    access: 'signed-in',
    responses: YEARLY_TARGETS,
  },
  createYearlyTarget: {
    method: 'post',
    path: '/api/yearly-targets',
    access: 'signed-in',
    body: yearlyTargetCreateSchema,
    responses: { 201: { schema: yearlyTargetSchema } },
    refreshes: TARGETS,
  },
  updateYearlyTarget: {
    method: 'put',
    path: '/api/yearly-targets/{year}',
    access: 'signed-in',
    params: { year: targetYearParamSchema },
    body: yearlyTargetUpdateSchema,
    responses: { 200: { schema: yearlyTargetSchema } },
    refreshes: TARGETS,
  },
  listFiscalYears: {
    method: 'get',
    path: '/api/fiscal-years',
    access: 'signed-in',
    responses: YEARLY_TARGETS,
  },
  createFiscalYear: {
    method: 'post',
    path: '/api/fiscal-years',
    access: 'admin',
    body: fiscalYearCreateSchema,
    responses: { 201: { schema: yearlyTargetSchema } },
    refreshes: TARGETS,
  },
  listUserTargets: {
    method: 'get',
    path: '/api/user-targets',
    access: 'signed-in',
    query: userTargetsQuerySchema,
    responses: { 200: { schema: z.array(userTargetSchema) } },
  },
  createUserTarget: {
    method: 'post',
    path: '/api/user-targets',
    access: 'signed-in',
    body: userTargetCreateSchema,
    responses: { 201: { schema: userTargetSchema } },
    refreshes: TARGETS,
  },
  assignUserTargetsInBulk: {
    method: 'post',
    path: '/api/user-targets/bulk',
    access: 'signed-in',
    body: bulkTargetSchema,
    responses: { 200: { schema: bulkTargetResultSchema } },
    refreshes: TARGETS,
  },
  updateUserTarget: {
    method: 'put',
    path: '/api/user-targets/{userId}/{year}',
    access: 'signed-in',
    params: { userId: targetUserIdSchema, year: targetYearParamSchema },
    body: userTargetUpdateSchema,
    responses: { 200: { schema: userTargetSchema } },
    refreshes: TARGETS,
  },
});
