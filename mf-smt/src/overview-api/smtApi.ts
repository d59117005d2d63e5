import { smtRoutes } from '@tht/contracts';
import { useAsOfRead } from '@tht/ui';

/**
 * Everything the SMT dashboard shows for the year, in one read (its key is under '/api/smt/',
 * refreshed with the other figures after entry changes); as of a past day, `progress` tells how
 * far its replay is until the overview comes.
 */
export function useSmtOverview(year: number, asOf: string | null) {
  const { data, progress, error } = useAsOfRead(smtRoutes.getSmtOverview, year, asOf);
  return { overview: data, progress, error };
}
