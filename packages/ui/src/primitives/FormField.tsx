import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const Label = styled.label`
  font-weight: 600;
`;

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
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

type FormFieldProps = {
  label: ReactNode;
  /** The validation message shown under the control; makes the control aria-invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Extra content after the control (for example a suggestion list). */
  after?: ReactNode;
  children: ReactElement<ControlProps>;
};

/** A labelled control with its hint and error message wired up for assistive technology. */
export function FormField({ label, error, hint, after, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = children.props.id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ');
  return (
    <Field>
      <Label htmlFor={controlId}>{label}</Label>
      {cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {after}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}
