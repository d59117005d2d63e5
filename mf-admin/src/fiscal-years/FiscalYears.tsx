import { useState } from 'react';
import {
  ADMIN_MESSAGES as M,
  defaultFiscalYearDescription,
  FISCAL_YEAR_RANGE,
  fiscalYearCreateSchema,
  HR_MESSAGES,
  TARGET_MESSAGES as T,
  YEARLY_TARGET_MAX_HOURS,
} from '@tht/contracts';
import {
  Button,
  Card,
  CardTitle,
  currentYear,
  FieldError,
  FiscalYearTable,
  FormField,
  Input,
  Spinner,
  Textarea,
  useFiscalYears,
  useValidatedForm,
} from '@tht/ui';
import { Stack } from '../panel/layout';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { useCreateFiscalYear } from './fiscalYearsApi';

type FiscalYearCreated = { year: number; targetHours: number; description: string };

/**
 * The fiscal-year manager: a year of 2020-2050 (next year by default), its target hours (more than
 * 0) and a description that follows the year with the organisation-wide default until it is edited.
 */
function AddFiscalYearForm() {
  const create = useCreateFiscalYear();
  const withToast = useOutcomeToast();
  const nextYear = String(currentYear() + 1);
  const form = useValidatedForm(
    { year: nextYear, targetHours: '', description: defaultFiscalYearDescription(Number(nextYear)) },
    fiscalYearCreateSchema,
  );
  const [descriptionEdited, setDescriptionEdited] = useState(false);

  function changeYear(year: string) {
    const followsYear = !descriptionEdited && /^\d{4}$/.test(year);
    form.setFields(followsYear ? { year, description: defaultFiscalYearDescription(Number(year)) } : { year });
  }

  async function add(fiscalYear: FiscalYearCreated) {
    const created = await withToast(() => create.run(fiscalYear), {
      success: HR_MESSAGES.fiscalYearCreated(fiscalYear.year),
      failure: T.createFiscalYearFailed,
    });
    if (created) form.setField('targetHours', '');
  }

  return (
    <Card aria-labelledby="add-fiscal-year-title">
      <CardTitle id="add-fiscal-year-title">Add Fiscal Year</CardTitle>
      <form noValidate aria-labelledby="add-fiscal-year-title" onSubmit={form.handleSubmit(add)}>
        <FormField label="Year" required error={form.errors.year}>
          <Input
            type="number"
            min={FISCAL_YEAR_RANGE.min}
            max={FISCAL_YEAR_RANGE.max}
            step={1}
            value={form.values.year}
            onChange={(event) => changeYear(event.target.value)}
          />
        </FormField>
        <FormField label="Target Hours" required error={form.errors.targetHours}>
          <Input
            type="number"
            min={0}
            max={YEARLY_TARGET_MAX_HOURS}
            step="any"
            value={form.values.targetHours}
            onChange={(event) => form.setField('targetHours', event.target.value)}
          />
        </FormField>
        <FormField label="Description" error={form.errors.description}>
          <Textarea
            value={form.values.description}
            onChange={(event) => {
              setDescriptionEdited(true);
              form.setField('description', event.target.value);
            }}
          />
        </FormField>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Adding...' : 'Add Fiscal Year'}
        </Button>
      </form>
    </Card>
  );
}

function FiscalYearList() {
  const { fiscalYears, error } = useFiscalYears();
  if (error) return <FieldError role="alert">{M.failedToFetchFiscalYears}</FieldError>;
  if (!fiscalYears) return <Spinner label="Loading..." />;
  return <FiscalYearTable fiscalYears={fiscalYears} emptyText={M.noFiscalYears} />;
}

/** The Fiscal Years tab: each year with its target hours, description and created date ('Current' for this year), and the manager to add one. */
export default function FiscalYears() {
  return (
    <Stack>
      <Card aria-labelledby="fiscal-years-title">
        <CardTitle id="fiscal-years-title">{M.tabs.fiscalYears}</CardTitle>
        <FiscalYearList />
      </Card>
      <AddFiscalYearForm />
    </Stack>
  );
}
