import { defineRoutes } from '../routes/api-route';
import { messageResponseSchema } from './responses';
import {
  secondFactorConfirmSchema,
  secondFactorDisableSchema,
  secondFactorEnabledSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
} from './second-factor';

const SECOND_FACTOR_PATH = '/api/account/second-factor';

/**
 * An administrator's second factor, reached even while ADMIN_MFA=required holds them until it is
 * set up. A set-up stores nothing until its first code turns it on. Turning it on refreshes nothing
 * at once: its screen shows the recovery codes first, then refreshes the state (and, for an
 * administrator ADMIN_MFA=required holds, the current user).
 */
export const secondFactorRoutes = defineRoutes({
  getSecondFactor: {
    method: 'get',
    path: SECOND_FACTOR_PATH,
    access: 'signed-in-pending-second-factor-ok',
    responses: { 200: { schema: secondFactorStatusSchema } },
  },
  startSecondFactorEnrolment: {
    method: 'post',
    path: `${SECOND_FACTOR_PATH}/enrolment`,
    access: 'signed-in-pending-second-factor-ok',
    responses: { 200: { schema: secondFactorEnrolmentSchema } },
    refreshes: [],
  },
  confirmSecondFactor: {
    method: 'post',
    path: SECOND_FACTOR_PATH,
    access: 'signed-in-pending-second-factor-ok',
    body: secondFactorConfirmSchema,
    responses: { 201: { schema: secondFactorEnabledSchema } },
    refreshes: [],
  },
  disableSecondFactor: {
    method: 'post',
    path: `${SECOND_FACTOR_PATH}/disable`,
    access: 'signed-in-pending-second-factor-ok',
    body: secondFactorDisableSchema,
    responses: { 200: { schema: messageResponseSchema } },
    refreshes: ['secondFactor'],
  },
});
