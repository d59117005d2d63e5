import { targetsRoutes, type FiscalYearCreateInput } from '@tht/contracts';
import { useWrite } from '@tht/ui';

/** Year, target hours and description (the year's organisation-wide target). */
export const useCreateFiscalYear = () =>
  useWrite(targetsRoutes.createFiscalYear, (fiscalYear: FiscalYearCreateInput) => ({ body: fiscalYear }));
