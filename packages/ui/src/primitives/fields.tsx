import type { InputHTMLAttributes, ReactNode } from 'react';
import styled, { css } from 'styled-components';

const control = css`
  width: 100%;
  padding: ${({ theme }) => theme.spacing(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  font: inherit;
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.destructive}; }
  &:disabled { background: ${({ theme }) => theme.colors.subtle}; }
`;

export const Input = styled.input`
  ${control}
`;

export const Select = styled.select`
  ${control}
`;

export const Textarea = styled.textarea`
  ${control}
  min-height: 5rem;
  resize: vertical;
`;

const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  cursor: pointer;
`;

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode };

/** A checkbox with its visible label; the label is the control's accessible name. */
export function Checkbox({ label, ...inputProps }: CheckboxProps) {
  return (
    <CheckboxLabel>
      <input type="checkbox" {...inputProps} />
      {label}
    </CheckboxLabel>
  );
}
