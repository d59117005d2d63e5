import type pg from 'pg';
import { allProjectors } from './all-projectors';
import { rebuildReadModels as rebuild } from './framework/rebuild';
import type { RebuildOptions } from './framework/replay';
import { replayAside as replay, type ReplayAsideOptions } from './framework/replay-aside';
import { createReadModelWaiter as createWaiter, type ReadModelWaiterOptions } from './framework/waiter';

/** The options of a replay of the framework, whose projectors are by default every one of the product. */
type OfTheProduct<Options extends RebuildOptions> = Omit<Options, 'projectors'> & Partial<Pick<Options, 'projectors'>>;

/** The framework's `rebuildReadModels`, by default of the product's read models (`allProjectors`). */
export function rebuildReadModels(options: OfTheProduct<RebuildOptions>) {
  return rebuild({ ...options, projectors: options.projectors ?? allProjectors });
}

/** The framework's `replayAside`, by default of the product's read models (`allProjectors`). */
export function replayAside(options: OfTheProduct<ReplayAsideOptions>) {
  return replay({ ...options, projectors: options.projectors ?? allProjectors });
}

/** The framework's `createReadModelWaiter`, by default for the product's read models (`allProjectors`). */
export function createReadModelWaiter(pool: pg.Pool, options: Partial<ReadModelWaiterOptions> = {}) {
  return createWaiter(pool, {
    ...options,
    projectorNames: options.projectorNames ?? allProjectors.map((projector) => projector.name),
  });
}
