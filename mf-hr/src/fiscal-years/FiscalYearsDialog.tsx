import { useId } from 'react';
import styled from 'styled-components';
import { HR_MESSAGES as M, TARGET_MESSAGES as T, yearlyTargetCreateSchema, type YearlyTarget } from '@tht/contracts';
import { Badge, Button, Dialog, DialogActions, EmptyText, errorMessageOf, FieldError, Spinner, useToast, useValidatedForm } from '@tht/ui';
import { useCreateYearlyTarget, useFiscalYears } from '../hr-api/hrApi';
import { YearlyTargetFields } from '../yearly-target/YearlyTargetFields';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: ${({ theme }) => theme.spacing(5)};
  & th, & td { text-align: left; padding: ${({ theme }) => theme.spacing(2)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const FormTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.spacing(3)};
  font-size: 1rem;
`;

function FiscalYearList({ fiscalYears }: { fiscalYears: readonly YearlyTarget[] }) {
  if (fiscalYears.length === 0) return <EmptyText>{M.noFiscalYears}</EmptyText>;
  const thisYear = new Date().getFullYear();
  return (
    <Table>
      <caption className="visually-hidden">Fiscal years</caption>
      <thead>
        <tr>
          <th scope="col">Year</th>
          <th scope="col">Target Hours</th>
          <th scope="col">Description</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {fiscalYears.map((fiscalYear) => (
          <tr key={fiscalYear.id}>
            <th scope="row">
              {fiscalYear.year} {fiscalYear.year === thisYear && <Badge $tone="info">Current</Badge>}
            </th>
            <td>{fiscalYear.targetHours}</td>
            <td>{fiscalYear.description}</td>
            <td>{new Date(fiscalYear.createdAt).toLocaleDateString()}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * Manage Fiscal Years (its content is not shown in SPEC): the fiscal years, which are the yearly
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
        <FiscalYearList fiscalYears={fiscalYears} />
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
