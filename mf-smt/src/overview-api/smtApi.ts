import useSWR from 'swr';
import type { SmtOverview } from '@tht/contracts';

/** The cache key of the overview of a year (under '/api/smt/', refreshed with the other figures after entry changes). */
export const smtOverviewKey = (year: number) => `/api/smt/overview?year=${year}`;

/** GET /api/smt/overview?year=: everything the SMT dashboard shows for the year, in one read. */
export function useSmtOverview(year: number) {
  const { data, error } = useSWR<SmtOverview, Error>(smtOverviewKey(year));
  return { overview: data, error };
}
