import useSWR from 'swr';
import type { FiscalYear, FiscalYearCreateInput } from '@tht/contracts';
import { apiRequest, keysStartingWith, useApiWrite } from '@tht/ui';

export const FISCAL_YEARS_KEY = '/api/fiscal-years';

// A fiscal year is the year's organisation-wide target, which the HR, SMT and personal target cards read.
const affectsFiscalYears = keysStartingWith(FISCAL_YEARS_KEY, '/api/yearly-targets', '/api/hr/', '/api/smt/');

/** GET /api/fiscal-years: every fiscal year, latest first. */
export function useFiscalYears() {
  const { data, error } = useSWR<FiscalYear[], Error>(FISCAL_YEARS_KEY);
  return { fiscalYears: data, error };
}

const createFiscalYear = (fiscalYear: FiscalYearCreateInput) => apiRequest<FiscalYear>('POST', FISCAL_YEARS_KEY, fiscalYear);

/** POST /api/fiscal-years: year, target hours and description. */
export const useCreateFiscalYear = () => useApiWrite(createFiscalYear, affectsFiscalYears);
