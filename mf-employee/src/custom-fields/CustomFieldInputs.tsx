import styled from 'styled-components';
import type { FormFieldView } from '@tht/contracts';
import { Checkbox, FieldError, FormField, Input, RequiredMarker, Select, Textarea, type FieldErrors } from '@tht/ui';
import type { CustomFieldDrafts } from './customFields';

const CheckboxField = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

type CustomFieldInputProps = {
  field: FormFieldView;
  value: string | boolean | undefined;
  error: string | undefined;
  required: boolean;
  onChange: (value: string | boolean) => void;
};

/** Set on the control by FormField (label, hint and error wiring). */
type WiredProps = { id?: string; 'aria-required'?: boolean; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

function TextControl({ field, value, required: _required, onChange, error: _error, ...wired }: CustomFieldInputProps & WiredProps) {
  const common = {
    ...wired,
    name: field.name,
    value: typeof value === 'string' ? value : '',
  };
  switch (field.type) {
    case 'textarea':
      return <Textarea {...common} onChange={(event) => onChange(event.target.value)} />;
    case 'number':
      return <Input {...common} type="number" inputMode="decimal" onChange={(event) => onChange(event.target.value)} />;
    case 'select':
      return (
        <Select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">Select an option</option>
          {field.options.map((option) => (
            <option key={option.id} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      );
    default:
      return <Input {...common} onChange={(event) => onChange(event.target.value)} />;
  }
}

function CustomFieldInput(props: CustomFieldInputProps) {
  const { field, value, error, required, onChange } = props;
  if (field.type === 'checkbox') {
    const errorId = `custom-field-${field.id}-error`;
    return (
      <CheckboxField>
        <Checkbox
          label={field.label}
          name={field.name}
          checked={value === true}
          aria-required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {required && <RequiredMarker />}
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </CheckboxField>
    );
  }
  return (
    <FormField label={field.label} required={required} error={error}>
      <TextControl {...props} />
    </FormField>
  );
}

type CustomFieldInputsProps = {
  fields: readonly FormFieldView[];
  values: CustomFieldDrafts;
  /** Keyed by field name. */
  errors: FieldErrors;
  onChange: (name: string, value: string | boolean) => void;
  /** Whether required fields are marked as such (logging an entry) or all optional (editing one). */
  enforceRequired: boolean;
};

/** The admin-configured fields of an entry, each rendered by its type. */
export function CustomFieldInputs({ fields, values, errors, onChange, enforceRequired }: CustomFieldInputsProps) {
  return fields.map((field) => (
    <CustomFieldInput
      key={field.id}
      field={field}
      value={values[field.name]}
      error={errors[field.name]}
      required={enforceRequired && field.required}
      onChange={(value) => onChange(field.name, value)}
    />
  ));
}
