import { useId } from 'react';
import styled from 'styled-components';
import { HR_MESSAGES as M, TARGET_MESSAGES as T, yearlyTargetCreateSchema } from '@tht/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  errorMessageOf,
  FieldError,
  FiscalYearTable,
  Spinner,
  useFiscalYears,
  useToast,
  useValidatedForm,
} from '@tht/ui';
import { useCreateYearlyTarget } from '../hr-api/hrApi';
import { YearlyTargetFields } from '../yearly-target/YearlyTargetFields';

const FormTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.spacing(3)};
  font-size: 1rem;
`;

/**
 * Manage Fiscal Years (a screen of our own design): the fiscal years, which are the yearly
 * targets, and a form to add one for a year of HR's range.
 */
export function FiscalYearsDialog({ defaultYear, onClose }: { defaultYear: number; onClose: () => void }) {
  const { fiscalYears, error } = useFiscalYears();
  const create = useCreateYearlyTarget();
  const { showToast } = useToast();
  const formTitleId = useId();
  const form = useValidatedForm({ year: String(defaultYear + 1), targetHours: '', description: '' }, yearlyTargetCreateSchema);

  async function add(fields: { year: number; targetHours: number; description: string | null }) {
    try {
      await create.run(fields);
      showToast({ title: M.fiscalYearCreated(fields.year) });
      form.setField('targetHours', '');
    } catch (failure) {
      showToast({ title: T.createFiscalYearFailed, description: errorMessageOf(failure, ''), variant: 'destructive' });
    }
  }

  return (
    <Dialog open onClose={onClose} title={M.manageFiscalYears} width="40rem">
      {error ? (
        <FieldError role="alert">{T.fetchFiscalYearsFailed}</FieldError>
      ) : fiscalYears ? (
        <FiscalYearTable fiscalYears={fiscalYears} emptyText={M.noFiscalYears} />
      ) : (
        <Spinner label={M.loading} />
      )}
      <form
        noValidate
        aria-labelledby={formTitleId}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(add);
        }}
      >
        <FormTitle id={formTitleId}>Add a fiscal year</FormTitle>
        <YearlyTargetFields values={form.values} errors={form.errors} setField={form.setField} />
        <DialogActions>
          <Button $variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Adding...' : 'Add Fiscal Year'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
