import type { FiscalYear, FiscalYearCreateInput } from '@tht/contracts';
import { apiRequest, useWrite } from '@tht/ui';

const createFiscalYear = (fiscalYear: FiscalYearCreateInput) => apiRequest<FiscalYear>('POST', '/api/fiscal-years', fiscalYear);

/** POST /api/fiscal-years: year, target hours and description (the year's organisation-wide target). */
export const useCreateFiscalYear = () => useWrite('POST /api/fiscal-years', createFiscalYear);
