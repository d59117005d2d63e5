import type { EventStore } from '@tht/eventstore';
import type pg from 'pg';
import { allProjectors } from './all-projectors';
import type { AnyProjector } from './framework/projector';
import { throttledProgress } from './framework/progress-line';
import { rebuildReadModels as rebuild } from './framework/rebuild';
import type { RebuildOptions, RebuildProgress } from './framework/replay';
import { replayAside as replay, type ReplayAsideOptions } from './framework/replay-aside';
import {
  startSnapshotKeeper as startKeeper,
  takeSnapshots as take,
  type SnapshotKeeperOptions,
  type TakeSnapshotsOptions,
} from './framework/snapshots';
import { upgradeReadModels } from './framework/upgrade';
import { createReadModelWaiter as createWaiter, type ReadModelWaiterOptions } from './framework/waiter';

/**
 * The read models the API's answers as of a past moment read (the HR figures, the SMT overview,
 * the export): the others (sign-in sessions, reset tokens, the names a record had, the
 * notification switches) are neither replayed nor copied from a snapshot for them (decision 050).
 */
const NOT_READ_AS_OF = new Set(['password-resets', 'ended-sessions', 'open-sessions', 'record-names', 'notification-switches']);
export const asOfProjectors: readonly AnyProjector[] = allProjectors.filter((projector) => !NOT_READ_AS_OF.has(projector.name));

/** The options of a replay of the framework, whose projectors are by default every one of the product. */
type OfTheProduct<Options extends { projectors: readonly AnyProjector[] }> = Omit<Options, 'projectors'> &
  Partial<Pick<Options, 'projectors'>>;

/** The framework's `rebuildReadModels`, by default of the product's read models (`allProjectors`). */
export function rebuildReadModels(options: OfTheProduct<RebuildOptions>) {
  return rebuild({ ...options, projectors: options.projectors ?? allProjectors });
}

/** The framework's `replayAside`, by default of the product's read models (`allProjectors`). */
export function replayAside(options: OfTheProduct<ReplayAsideOptions>) {
  return replay({ ...options, projectors: options.projectors ?? allProjectors });
}

/** The framework's `takeSnapshots`, by default of the product's read models (`allProjectors`). */
export function takeSnapshots(options: OfTheProduct<TakeSnapshotsOptions>) {
  return take({ ...options, projectors: options.projectors ?? allProjectors });
}

/** The framework's `startSnapshotKeeper`, by default of the product's read models (`allProjectors`). */
export function startSnapshotKeeper(options: OfTheProduct<SnapshotKeeperOptions>) {
  return startKeeper({ ...options, projectors: options.projectors ?? allProjectors });
}

/** The framework's `createReadModelWaiter`, by default for the product's read models (`allProjectors`). */
export function createReadModelWaiter(pool: pg.Pool, options: Partial<ReadModelWaiterOptions> = {}) {
  return createWaiter(pool, {
    ...options,
    projectorNames: options.projectorNames ?? allProjectors.map((projector) => projector.name),
  });
}

/** What a process whose runner a newer release superseded logs (decision 052). */
export function supersededMessage(projectorNames: readonly string[]): string {
  return `A newer release took over the read models (${projectorNames.join(', ')}): this process no longer projects them; stop it`;
}

/** How often a rebuild at start-up logs its progress. */
const UPGRADE_PROGRESS_EVERY_MS = 5000;

/**
 * At start-up of a process that runs the projections (the API, the projections service): the
 * framework's `upgradeReadModels` of the product's read models, telling `log` what it does, and
 * `onProgress` how far the rebuild is after every batch (the API's not-ready answer shows it).
 */
export async function upgradeProductReadModels(
  pool: pg.Pool,
  store: EventStore,
  log: { info(message: string): void; warn(message: string): void },
  onProgress: (progress: RebuildProgress) => void = () => {},
): Promise<void> {
  const logProgress = throttledProgress((line) => log.info(`Rebuilding read models ${line}`), UPGRADE_PROGRESS_EVERY_MS);
  const upgraded = await upgradeReadModels({
    pool,
    store,
    projectors: allProjectors,
    onRebuild: (outdated) =>
      log.warn(`Read models of an earlier version (${outdated.join(', ')}): rebuilding them from the event log before serving`),
    onProgress: (progress) => {
      onProgress(progress);
      logProgress(progress);
    },
  });
  if (!upgraded) return;
  const { rebuilt, droppedAsOf } = upgraded;
  log.info(`Rebuilt the read models from ${rebuilt.events} events in ${rebuilt.seconds.toFixed(1)} s`);
  if (droppedAsOf.length > 0) log.info(`Dropped ${droppedAsOf.length} read models as of past moments; built again when asked for`);
}
