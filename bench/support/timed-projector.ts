import type { AnyProjector } from 'projections';

/** The same projector, adding the time of its `project` calls to `spent` under its name. */
export function timed(projector: AnyProjector, spent: Map<string, number>): AnyProjector {
  return {
    name: projector.name,
    // Kept: read models rebuilt without it read as an earlier version, which the product's start rebuilds again.
    version: projector.version,
    migrate: (db, schema) => projector.migrate(db, schema),
    async project(trx, schema, events) {
      const started = performance.now();
      await projector.project(trx, schema, events);
      spent.set(projector.name, (spent.get(projector.name) ?? 0) + performance.now() - started);
    },
  };
}
