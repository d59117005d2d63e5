/**
 * Upcasters: how events stored under an older schema version are read today. Events are never
 * rewritten in the store; the event store upgrades them on read (in one place, see
 * `packages/eventstore/src/upcasting.ts`), so projectors and command handlers only ever see the
 * current shape.
 *
 * `eventUpcasters[EventType][n]` turns the data of a version-n event into version n + 1. When an
 * event's data shape changes: raise the schema version its writers put in the metadata, and add
 * the step from the previous version here. Steps chain, so a version-1 event passes through every
 * step up to the current version.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each step is written for its own older data shape, which one registry type cannot name
export type Upcaster = (data: any) => unknown;

export type UpcasterRegistry = Readonly<Record<string, Readonly<Record<number, Upcaster>>>>;

export const eventUpcasters: UpcasterRegistry = {};
