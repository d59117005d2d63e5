import type { RebuildResult } from 'projections';
import { emitRow } from './report';

/** Issue 23: a rebuild into every read model runs at no less than half the speed of the same rebuild with no-op projectors. */
export const REBUILD_RATIO_TARGET = 0.5;

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** The result row of a rebuild measured against its floor, the same rebuild with no-op projectors. */
export function emitRebuildRow(result: RebuildResult, floor: RebuildResult): void {
  const ratio = result.eventsPerSecond / floor.eventsPerSecond;
  emitRow({
    request: `rebuild of ${number.format(result.events)} events into every read model`,
    clients: null,
    perSecond: result.eventsPerSecond,
    unit: 'events',
    p50Ms: null,
    p95Ms: null,
    floorPerSecond: floor.eventsPerSecond,
    ratio,
    target: `>= ${REBUILD_RATIO_TARGET}`,
    met: ratio >= REBUILD_RATIO_TARGET,
    note: `${result.seconds.toFixed(1)} s; floor: the same rebuild with no-op projectors, ${floor.seconds.toFixed(1)} s`,
  });
}
