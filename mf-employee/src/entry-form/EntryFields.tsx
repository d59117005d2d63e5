import { useId, type ReactElement } from 'react';
import styled from 'styled-components';
import {
  CERTIFICATE_MESSAGES,
  HOURS_STEP,
  RATING_MAX,
  SCREEN_RATING_MIN,
  TRAINING_TYPES,
  displayTrainingType,
} from '@tht/contracts';
import { Checkbox, FormField, Input, Select, Textarea, type FieldErrors } from '@tht/ui';
import type { EntryFormField, EntryFormValues } from './entryFormValues';
import { useEntryFormOptions } from './useEntryFormOptions';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  column-gap: ${({ theme }) => theme.spacing(4)};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

const CheckboxRow = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const RATINGS = Array.from({ length: RATING_MAX - SCREEN_RATING_MIN + 1 }, (_, index) => String(SCREEN_RATING_MIN + index));

/** `options` plus `current` when it is set and not among them (a renamed department, an imported type). */
function withCurrent(options: readonly string[], current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

type EntryFieldsProps = {
  values: EntryFormValues;
  errors: FieldErrors;
  onChange: <Field extends EntryFormField>(field: Field, value: EntryFormValues[Field]) => void;
  /** Fields the form requires (they differ between Add Entry and the edit dialog). */
  required: ReadonlySet<EntryFormField>;
};

/** The standard fields of a development entry, shared by the Add Entry form and the edit dialog. */
export function EntryFields({ values, errors, onChange, required }: EntryFieldsProps) {
  const id = useId();
  const { departmentNames, managerNames } = useEntryFormOptions();
  const managersListId = `${id}-managers`;

  const field = (name: EntryFormField, label: string, control: ReactElement<object>, hint?: string) => (
    <FormField label={label} required={required.has(name)} error={errors[name]} hint={hint}>
      {control}
    </FormField>
  );
  const textInput = (name: 'firstName' | 'lastName' | 'trainingName' | 'courseGivenBy') => (
    <Input name={name} value={values[name]} onChange={(event) => onChange(name, event.target.value)} />
  );

  return (
    <Columns>
      {field('firstName', 'First Name', textInput('firstName'))}
      {field('lastName', 'Last Name', textInput('lastName'))}
      <Wide>{field('trainingName', 'Training Name', textInput('trainingName'))}</Wide>
      {field(
        'date',
        'Date',
        <Input type="date" name="date" value={values.date} onChange={(event) => onChange('date', event.target.value)} />,
      )}
      {field(
        'hours',
        'Hours',
        <Input
          type="number"
          name="hours"
          inputMode="decimal"
          step={HOURS_STEP}
          min={0}
          value={values.hours}
          onChange={(event) => onChange('hours', event.target.value)}
        />,
      )}
      {field(
        'validUntil',
        `${CERTIFICATE_MESSAGES.validUntilLabel} (optional)`,
        <Input
          type="date"
          name="validUntil"
          value={values.validUntil}
          onChange={(event) => onChange('validUntil', event.target.value)}
        />,
        CERTIFICATE_MESSAGES.validUntilHint,
      )}
      {field(
        'managerName',
        'Manager Name',
        <Input
          name="managerName"
          list={managersListId}
          autoComplete="off"
          value={values.managerName}
          onChange={(event) => onChange('managerName', event.target.value)}
        />,
      )}
      <datalist id={managersListId}>
        {managerNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {field(
        'department',
        'Department',
        <Select name="department" value={values.department} onChange={(event) => onChange('department', event.target.value)}>
          <option value="">{required.has('department') ? 'Select a department' : 'None'}</option>
          {withCurrent(departmentNames, values.department).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>,
      )}
      {field(
        'trainingType',
        'Training Type',
        <Select name="trainingType" value={values.trainingType} onChange={(event) => onChange('trainingType', event.target.value)}>
          {withCurrent(TRAINING_TYPES, values.trainingType).map((type) => (
            <option key={type} value={type}>
              {displayTrainingType(type)}
            </option>
          ))}
        </Select>,
      )}
      {field('courseGivenBy', 'Course Given By', textInput('courseGivenBy'))}
      {field(
        'rating',
        'Rating (optional)',
        <Select name="rating" value={values.rating} onChange={(event) => onChange('rating', event.target.value)}>
          <option value="">Not rated</option>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {rating === '1' ? '1 star' : `${rating} stars`}
            </option>
          ))}
        </Select>,
      )}
      <Wide>
        <CheckboxRow>
          <Checkbox
            label="Be Innovative"
            name="beInnovative"
            checked={values.beInnovative}
            onChange={(event) => onChange('beInnovative', event.target.checked)}
          />
        </CheckboxRow>
      </Wide>
      <Wide>
        {field(
          'notes',
          'Notes',
          <Textarea name="notes" value={values.notes} onChange={(event) => onChange('notes', event.target.value)} />,
        )}
      </Wide>
    </Columns>
  );
}
