/**
 * `npm run replay -- --as-of 2026-06-30` (or a time, or `--position <log position>`): builds the
 * read models as they were then into a schema of their own, without touching the live ones, and
 * prints the HR figures of that date. Database settings as for `npm run rebuild`.
 */
import { progressReporter, runCli, withEventLog } from 'projections';
import { describeHrStatsAsOf, hrStatsAsOf, parseAsOfArguments } from './hr-as-of';

runCli(async () => {
  const request = parseAsOfArguments(process.argv.slice(2));
  await withEventLog(async (log) => {
    process.stderr.write(`Replaying the event log up to ${request.label}\n`);
    const result = await hrStatsAsOf(log, request, progressReporter(process.stderr));
    console.info(describeHrStatsAsOf(result, request.label));
  });
});
