import {
  departmentNameReservationStream,
  emailReservationStream,
  formFieldNameReservationStream,
  isProductEvent,
  type ProductEvent,
} from '@tht/contracts';
import { ConcurrencyError, type AppendResult } from '@tht/eventstore';
import { metadataFor, type Actor } from './commands';
import type { AppContext } from './context';
import { DomainError } from './decider';
import type { NameHolder } from './name-claims';

/**
 * Unique values (e-mail addresses, department names, form field names) are claimed on a
 * reservation stream per lower-cased value. The first claim appends with expected version
 * 'no_stream' and a re-claim after a release appends at the release's version, so of two
 * concurrent claims exactly one wins.
 */
export interface ReservationKind {
  stream: (value: string) => string;
  reserved: (value: string, ownerId: number) => ProductEvent;
  released: (value: string, ownerId: number) => ProductEvent;
  /** Who holds the value after `event` (the stream's last): its owner, or null when it is free. */
  holderAfter: (event: ProductEvent) => number | null;
}

export const EMAIL_RESERVATION: ReservationKind = {
  stream: emailReservationStream,
  reserved: (email, userId) => ({ type: 'EmailReserved', data: { email, userId } }),
  released: (email, userId) => ({ type: 'EmailReleased', data: { email, userId } }),
  holderAfter: (event) => (event.type === 'EmailReserved' ? event.data.userId : null),
};

export const DEPARTMENT_NAME_RESERVATION: ReservationKind = {
  stream: departmentNameReservationStream,
  reserved: (name, departmentId) => ({ type: 'DepartmentNameReserved', data: { name, departmentId } }),
  released: (name, departmentId) => ({ type: 'DepartmentNameReleased', data: { name, departmentId } }),
  holderAfter: (event) => (event.type === 'DepartmentNameReserved' ? event.data.departmentId : null),
};

/** Field names are keys of entries' custom values, so no two fields share one (ignoring case). */
export const FORM_FIELD_NAME_RESERVATION: ReservationKind = {
  stream: formFieldNameReservationStream,
  reserved: (name, fieldId) => ({ type: 'FormFieldNameReserved', data: { name, fieldId } }),
  released: (name, fieldId) => ({ type: 'FormFieldNameReleased', data: { name, fieldId } }),
  holderAfter: (event) => (event.type === 'FormFieldNameReserved' ? event.data.fieldId : null),
};

/** The holder of `value` and the stream version a change of its reservation must expect. */
async function reservationOf(ctx: AppContext, kind: ReservationKind, value: string) {
  const last = (await ctx.store.readStream(kind.stream(value))).filter(isProductEvent).at(-1);
  return { holder: last ? kind.holderAfter(last) : null, version: last ? last.streamVersion : ('no_stream' as const) };
}

async function appendTo(
  ctx: AppContext,
  stream: string,
  event: ProductEvent,
  version: number | 'no_stream',
  actor: Actor,
): Promise<void> {
  const { lastGlobalPosition } = await ctx.store.append(
    stream,
    [{ ...event, metadata: metadataFor(actor, event, ctx.now().toISOString()) }],
    version,
  );
  actor.noteAppended?.(lastGlobalPosition);
}

/**
 * Claims `value` for `ownerId`, or refuses with a conflict (409) saying `conflictMessage` if someone else holds it.
 * Returns false when `ownerId` held it already.
 */
async function reserve(
  ctx: AppContext,
  kind: ReservationKind,
  value: string,
  ownerId: number,
  actor: Actor,
  conflictMessage: string,
): Promise<boolean> {
  const { holder, version } = await reservationOf(ctx, kind, value);
  if (holder === ownerId) return false;
  if (holder !== null) throw new DomainError('conflict', conflictMessage);
  try {
    await appendTo(ctx, kind.stream(value), kind.reserved(value, ownerId), version, actor);
    return true;
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new DomainError('conflict', conflictMessage);
    throw error;
  }
}

/** Gives `value` up if `ownerId` holds it; a no-op otherwise. */
async function release(ctx: AppContext, kind: ReservationKind, value: string, ownerId: number, actor: Actor): Promise<void> {
  const { holder, version } = await reservationOf(ctx, kind, value);
  if (holder === ownerId) await appendTo(ctx, kind.stream(value), kind.released(value, ownerId), version, actor);
}

/**
 * One owner's values of a kind, held and freed on their reservation streams: `whileHolding`
 * reserves the value first, and releases it again when the work fails, so a failed command does
 * not lock the value forever. `conflictMessage` names a value someone else holds.
 */
export function reservationHolder(
  ctx: AppContext,
  kind: ReservationKind,
  ownerId: number,
  actor: Actor,
  conflictMessage: (value: string) => string,
): NameHolder {
  return {
    async whileHolding(value: string, work: () => Promise<AppendResult>): Promise<AppendResult> {
      const claimed = await reserve(ctx, kind, value, ownerId, actor, conflictMessage(value));
      try {
        return await work();
      } catch (error) {
        if (!claimed) throw error;
        await release(ctx, kind, value, ownerId, actor).catch((releaseError: unknown) =>
          ctx.log.error(`could not release ${kind.stream(value)} after a failed command`, releaseError),
        );
        throw error;
      }
    },
    free: (value: string) => release(ctx, kind, value, ownerId, actor),
  };
}
