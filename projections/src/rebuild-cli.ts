/**
 * `npm run rebuild`: replays the whole event log into fresh read models and swaps them in while
 * the product keeps running. Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (the
 * running one if `npm start` is up); EVENTSTORE_URL when the events live in KurrentDB.
 */
import { allProjectors } from './all-projectors';
import { progressReporter, runCli, withEventLog } from './framework/cli-support';
import { rebuildReadModels } from './framework/rebuild';

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

runCli(() =>
  withEventLog(async ({ pool, store }) => {
    process.stderr.write(`Rebuilding read models (${allProjectors.map((p) => p.name).join(', ')})\n`);
    const result = await rebuildReadModels({
      pool,
      store,
      projectors: allProjectors,
      onProgress: progressReporter(process.stderr),
    });
    console.info(
      `Rebuilt the read models from ${number.format(result.events)} events in ${result.seconds.toFixed(1)}s (${number.format(result.eventsPerSecond)} events/s)`,
    );
  }),
);
