import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { Input } from './fields';
import { FormField } from './FormField';

describe('FormField', () => {
  it('labels its control and describes it with the hint', () => {
    renderWithUi(
      <FormField label="Hours" hint="Quarter hours">
        <Input />
      </FormField>,
    );
    const control = screen.getByLabelText('Hours');
    expect(control).toHaveAccessibleDescription('Quarter hours');
    expect(control).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and announces the error with it', () => {
    renderWithUi(
      <FormField label="Hours" hint="Quarter hours" error="Hours are required">
        <Input />
      </FormField>,
    );
    const control = screen.getByLabelText('Hours');
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription('Quarter hours Hours are required');
  });

  it('marks a required field beside its label, keeping the label text the field name', () => {
    renderWithUi(
      <FormField label="Training Name" required>
        <Input />
      </FormField>,
    );
    const control = screen.getByLabelText('Training Name');
    expect(control).toHaveAttribute('aria-required', 'true');
    expect(control).toHaveAccessibleName('Training Name');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('leaves an optional field unmarked', () => {
    renderWithUi(
      <FormField label="Notes">
        <Input />
      </FormField>,
    );
    expect(screen.getByLabelText('Notes')).not.toHaveAttribute('aria-required');
    expect(screen.queryByText('*')).not.toBeInTheDocument();
  });
});
