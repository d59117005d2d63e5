import useSWR from 'swr';
import type { FiscalYear, FiscalYearCreateInput } from '@tht/contracts';
import { apiRequest, useWrite } from '@tht/ui';

export const FISCAL_YEARS_KEY = '/api/fiscal-years';

/** GET /api/fiscal-years: every fiscal year, latest first. */
export function useFiscalYears() {
  const { data, error } = useSWR<FiscalYear[], Error>(FISCAL_YEARS_KEY);
  return { fiscalYears: data, error };
}

const createFiscalYear = (fiscalYear: FiscalYearCreateInput) => apiRequest<FiscalYear>('POST', FISCAL_YEARS_KEY, fiscalYear);

/** POST /api/fiscal-years: year, target hours and description (the year's organisation-wide target). */
export const useCreateFiscalYear = () => useWrite('POST /api/fiscal-years', createFiscalYear);
