import { AS_OF_RETRY_AFTER_SECONDS, asOfBuildingSchema, type ApiRoute, type AsOfBuilding, type RouteInput } from '@tht/contracts';
import type { z } from 'zod';
import { useRead } from '../api/routeCalls';

/** How often a read asks again while the records are replayed for its day: as the server's Retry-After says. */
const REPLAY_POLL_MS = AS_OF_RETRY_AFTER_SECONDS * 1000;

/** The 202 answer of a read as of a day whose replay is under way, or undefined for any other answer. */
function buildingOf(answer: unknown): AsOfBuilding | undefined {
  const parsed = asOfBuildingSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}

/** A year's read that also answers `?asOf=` (and 202 while it replays the records up to then): its query is `year` and `asOf`. */
type AsOfRoute = ApiRoute & { query: z.ZodObject };

/**
 * A year's read of `route`, as of `asOf` (a day) when one is shown: the data once it is there;
 * while the server replays the records up to that day (202), the share done (`progress`, 0 to 1),
 * asking again every AS_OF_RETRY_AFTER_SECONDS until the data comes.
 */
export function useAsOfRead<Route extends AsOfRoute>(route: Route, year: number, asOf: string | null) {
  const input = { query: asOf ? { year, asOf } : { year } } as RouteInput<Route>;
  const { data, error } = useRead(route, input, {
    refreshInterval: (latest) => (buildingOf(latest) ? REPLAY_POLL_MS : 0),
  });
  const building = buildingOf(data);
  return { data: building ? undefined : data, progress: building?.progress, error };
}
