import type { RequestHandler } from 'express';
import type { AppContext } from '../platform/context';
import type { AccessGuards } from '../platform/route-table';
import { requireAuth, requireRole } from './require-auth';

const guardsOfContext = new WeakMap<AppContext, AccessGuards>();

function createAccessGuards(ctx: AppContext): AccessGuards {
  const signedIn = requireAuth(ctx);
  const none: readonly RequestHandler[] = [];
  return {
    public: none,
    // The handler reads the sign-in when one is sent.
    'token-optional': none,
    'signed-in': [signedIn],
    'signed-in-pending-password-ok': [requireAuth(ctx, { allowPendingPasswordChange: true, allowPendingSecondFactorSetup: true })],
    'signed-in-pending-second-factor-ok': [requireAuth(ctx, { allowPendingSecondFactorSetup: true })],
    admin: [signedIn, requireRole('admin')],
  };
}

/** The checks of each kind of route access (ApiRoute.access), made once per app context. */
export function accessGuards(ctx: AppContext): AccessGuards {
  const known = guardsOfContext.get(ctx);
  if (known) return known;
  const guards = createAccessGuards(ctx);
  guardsOfContext.set(ctx, guards);
  return guards;
}
