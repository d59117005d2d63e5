import { screen } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { FormField } from './FormField';
import { PasswordInput } from './PasswordInput';

const userEvent = userEventLibrary.setup({ delay: null });

describe('PasswordInput', () => {
  it("shows and hides the password with a Show/Hide button that does not carry the field's label", async () => {
    renderWithUi(
      <FormField label="Password">
        <PasswordInput />
      </FormField>,
    );
    const password = screen.getByLabelText('Password');
    expect(screen.getAllByLabelText(/password/i)).toEqual([password]);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show' })).toHaveAttribute('aria-controls', password.id);
  });
});
