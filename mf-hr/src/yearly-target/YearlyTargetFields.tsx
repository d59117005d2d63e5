import { TARGET_YEAR_RANGE, YEARLY_TARGET_MAX_HOURS } from '@tht/contracts';
import { FormField, Input, Textarea, type FieldErrors } from '@tht/ui';

export type YearlyTargetValues = { year: string; targetHours: string; description: string };

type YearlyTargetFieldsProps = {
  values: YearlyTargetValues;
  errors: FieldErrors;
  setField: (field: keyof YearlyTargetValues, value: string) => void;
  /** The year of a target being edited cannot change. */
  yearFixed?: boolean;
};

/** A yearly target's (= fiscal year's) fields on HR's forms: year 2020-2030, hours 1-100000, description. */
export function YearlyTargetFields({ values, errors, setField, yearFixed = false }: YearlyTargetFieldsProps) {
  return (
    <>
      <FormField label="Year" required error={errors.year}>
        <Input
          type="number"
          min={TARGET_YEAR_RANGE.min}
          max={TARGET_YEAR_RANGE.max}
          step={1}
          disabled={yearFixed}
          value={values.year}
          onChange={(event) => setField('year', event.target.value)}
        />
      </FormField>
      <FormField label="Target Hours" required error={errors.targetHours}>
        <Input
          type="number"
          min={1}
          max={YEARLY_TARGET_MAX_HOURS}
          step={1}
          value={values.targetHours}
          onChange={(event) => setField('targetHours', event.target.value)}
        />
      </FormField>
      <FormField label="Description" error={errors.description}>
        <Textarea value={values.description} onChange={(event) => setField('description', event.target.value)} />
      </FormField>
    </>
  );
}
