import { ApiError } from '@tht/ui';

/**
 * The message of a sign-in the server answered with `401 {error, mfaRequired: true}` (the password
 * was right; a code from the authenticator app is needed, or the one sent was wrong), else null.
 */
export function secondFactorAsked(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 401) return null;
  try {
    const body = JSON.parse(error.bodyText) as { error?: unknown; mfaRequired?: unknown } | null;
    return body?.mfaRequired === true && typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}
