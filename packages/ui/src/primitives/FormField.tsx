import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const LabelLine = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(1)};
`;

const Label = styled.label`
  font-weight: 600;
`;

const Marker = styled.span`
  color: ${({ theme }) => theme.colors.destructive};
  font-weight: 600;
`;

/**
 * The visual '*' of a required field. It sits beside the label, not inside it, so the label text
 * (and the control's accessible name) stays exactly the field's name; the control says
 * aria-required.
 */
export function RequiredMarker() {
  return <Marker aria-hidden="true">*</Marker>;
}

export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.destructive};
  font-size: 0.875rem;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

type ControlProps = {
  id?: string;
  'aria-required'?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

type FormFieldProps = {
  label: ReactNode;
  /** The validation message shown under the control; makes the control aria-invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Marks the field required: a '*' beside the label and aria-required on the control. */
  required?: boolean;
  /** Extra content after the control (for example a suggestion list). */
  after?: ReactNode;
  children: ReactElement<ControlProps>;
};

/** A labelled control with its hint and error message wired up for assistive technology. */
export function FormField({ label, error, hint, required = false, after, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = children.props.id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ');
  return (
    <Field>
      <LabelLine>
        <Label htmlFor={controlId}>{label}</Label>
        {required && <RequiredMarker />}
      </LabelLine>
      {cloneElement(children, {
        id: controlId,
        'aria-required': required || children.props['aria-required'],
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {after}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}
