import useSWR from 'swr';
import { AS_OF_RETRY_AFTER_SECONDS, asOfBuildingSchema, type AsOfBuilding } from '@tht/contracts';

/** How often a read asks again while the records are replayed for its day: as the server's Retry-After says. */
const REPLAY_POLL_MS = AS_OF_RETRY_AFTER_SECONDS * 1000;

/** The 202 answer of a read as of a day whose replay is under way, or undefined for any other answer. */
function buildingOf(answer: unknown): AsOfBuilding | undefined {
  const parsed = asOfBuildingSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}

/**
 * SWR of a read that also answers `?asOf=` (its key carries the day when one is shown): the data
 * once it is there; while the server replays the records up to that day (202), the share done
 * (`progress`, 0 to 1), asking again every AS_OF_RETRY_AFTER_SECONDS until the data comes.
 */
export function useAsOfRead<Data>(key: string) {
  const { data, error } = useSWR<Data | AsOfBuilding, Error>(key, {
    refreshInterval: (latest) => (buildingOf(latest) ? REPLAY_POLL_MS : 0),
  });
  const building = buildingOf(data);
  return { data: building ? undefined : (data as Data | undefined), progress: building?.progress, error };
}

/** A year read's key, as of `asOf` (a day) when one is shown. */
export const asOfKey = (path: string, year: number, asOf: string | null) =>
  asOf ? `${path}?year=${year}&asOf=${asOf}` : `${path}?year=${year}`;
