import SCIMMY from 'scimmy';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { isRefusal, refusalStatus } from '../platform/http';
import type { DirectoryStore } from './scim-store';

/** What every SCIM handler is given (the library passes it through as its "context"). */
export interface ScimContext {
  app: AppContext;
  directory: DirectoryStore;
  /** The directory as the actor of the request's commands (`actorKind: 'directory'` in the events). */
  actor: Actor;
}

/** `attribute eq "value"` alone (the attribute in lower case), as providers look a resource up; null for any other filter. */
export function simpleEquality(filter: SCIMMY.Types.Filter | undefined): { attribute: string; value: string } | null {
  const [expression, ...others] = filter ?? [];
  if (!expression || others.length > 0) return null;
  const entries = Object.entries(expression as Record<string, unknown>);
  if (entries.length !== 1) return null;
  const [[attribute, comparison]] = entries as [[string, unknown]];
  if (!Array.isArray(comparison) || comparison.length !== 2 || comparison[0] !== 'eq' || typeof comparison[1] !== 'string')
    return null;
  return { attribute: attribute.toLowerCase(), value: comparison[1] };
}

/** A SCIM error (RFC 7644 section 3.12): its status, detail and, for 400, 409 and 413, the detail keyword. */
export function scimRefusal(
  status: number,
  detail: string,
  scimType?: 'invalidValue' | 'uniqueness' | 'invalidSyntax',
): SCIMMY.Types.SCIMError {
  // The library's types want a keyword; it leaves an absent one out of the body.
  return new SCIMMY.Types.Error(status, scimType as string, detail);
}

/** The statuses a SCIM error may carry (RFC 7644 section 3.12) that a refusal can have. */
const SCIM_STATUSES = new Set([400, 401, 403, 404, 409, 413]);

/**
 * The product's refusal (a decider's reason, a rule's message) as a SCIM error: 400 `invalidValue`,
 * 409 `uniqueness` (an address or name already taken, or a write that lost a race to another), or
 * its status with the message; anything else passes on as it is.
 */
export function scimErrorOf(error: unknown): unknown {
  if (!isRefusal(error)) return error;
  const status = refusalStatus(error);
  if (!SCIM_STATUSES.has(status)) return scimRefusal(400, error.message, 'invalidValue');
  return scimRefusal(status, error.message, status === 400 ? 'invalidValue' : status === 409 ? 'uniqueness' : undefined);
}

/**
 * A handler whose refusals answer as SCIM errors. An unexpected failure is logged and answers 500
 * (the library would otherwise answer it as a 404 "not found").
 */
export function answeringScimErrors<Args extends unknown[], Result>(
  handler: (...args: Args) => Promise<Result>,
  contextOf: (args: Args) => ScimContext,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      const answered = scimErrorOf(error);
      if (answered instanceof SCIMMY.Types.Error) throw answered;
      contextOf(args).app.log.error('SCIM request failed', error);
      throw scimRefusal(500, 'Internal server error');
    }
  };
}
