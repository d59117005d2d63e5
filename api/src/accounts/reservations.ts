import {
  departmentNameReservationStream,
  emailReservationStream,
  type AccountEventData,
} from '@tht/contracts';
import { ConcurrencyError, type RecordedEvent } from '@tht/eventstore';
import type { AppContext } from '../platform/context';
import { metadataFor, type Actor } from '../platform/commands';
import { HttpError } from '../platform/http';

/**
 * Unique values (e-mail addresses, department names) are claimed on a reservation stream per
 * lower-cased value. The first claim appends with expected version 'no_stream' and a re-claim
 * after a release appends at the release's version, so of two concurrent claims exactly one wins.
 */
interface ReservationKind<Reserved extends keyof AccountEventData, Released extends keyof AccountEventData> {
  stream: (value: string) => string;
  reserved: Reserved;
  released: Released;
  data: (value: string, ownerId: number) => AccountEventData[Reserved] & AccountEventData[Released];
  ownerOf: (data: AccountEventData[Reserved]) => number;
}

export const EMAIL_RESERVATION: ReservationKind<'EmailReserved', 'EmailReleased'> = {
  stream: emailReservationStream,
  reserved: 'EmailReserved',
  released: 'EmailReleased',
  data: (email, userId) => ({ email, userId }),
  ownerOf: (data) => data.userId,
};

export const DEPARTMENT_NAME_RESERVATION: ReservationKind<'DepartmentNameReserved', 'DepartmentNameReleased'> = {
  stream: departmentNameReservationStream,
  reserved: 'DepartmentNameReserved',
  released: 'DepartmentNameReleased',
  data: (name, departmentId) => ({ name, departmentId }),
  ownerOf: (data) => data.departmentId,
};

type AnyReservationKind = ReservationKind<any, any>;

async function lastEventOf(ctx: AppContext, stream: string): Promise<RecordedEvent | undefined> {
  return (await ctx.store.readStream(stream)).at(-1);
}

/**
 * Claims `value` for `ownerId`, or throws a 409 with `conflictMessage` if someone else holds it.
 * Returns false when `ownerId` held it already.
 */
export async function reserve(
  ctx: AppContext,
  kind: AnyReservationKind,
  value: string,
  ownerId: number,
  actor: Actor,
  conflictMessage: string,
): Promise<boolean> {
  const stream = kind.stream(value);
  const last = await lastEventOf(ctx, stream);
  if (last && last.type === kind.reserved) {
    if (kind.ownerOf(last.data as never) === ownerId) return false;
    throw new HttpError(409, conflictMessage);
  }
  const event = { type: kind.reserved, data: kind.data(value, ownerId), metadata: metadataFor(actor) };
  try {
    await ctx.store.append(stream, [event], last ? last.streamVersion : 'no_stream');
    return true;
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new HttpError(409, conflictMessage);
    throw error;
  }
}

/** Gives `value` up if `ownerId` holds it; a no-op otherwise. */
export async function release(
  ctx: AppContext,
  kind: AnyReservationKind,
  value: string,
  ownerId: number,
  actor: Actor,
): Promise<void> {
  const stream = kind.stream(value);
  const last = await lastEventOf(ctx, stream);
  if (!last || last.type !== kind.reserved || kind.ownerOf(last.data as never) !== ownerId) return;
  const event = { type: kind.released, data: kind.data(value, ownerId), metadata: metadataFor(actor) };
  await ctx.store.append(stream, [event], last.streamVersion);
}

/**
 * Runs `change` while holding `value`: reserves it first, and releases it again when the change
 * fails, so a failed command does not lock the value forever.
 */
export async function withReservation<T>(
  ctx: AppContext,
  kind: AnyReservationKind,
  value: string,
  ownerId: number,
  actor: Actor,
  conflictMessage: string,
  change: () => Promise<T>,
): Promise<T> {
  const claimed = await reserve(ctx, kind, value, ownerId, actor, conflictMessage);
  try {
    return await change();
  } catch (error) {
    if (!claimed) throw error;
    await release(ctx, kind, value, ownerId, actor).catch((releaseError: unknown) =>
      ctx.log.error(`could not release ${kind.stream(value)} after a failed command`, releaseError),
    );
    throw error;
  }
}
