import { describe, expect, it } from 'vitest';
import { loginSchema, registrationSchema } from '@tht/contracts';
import { validateForm } from './validateForm';

describe('validateForm', () => {
  it('returns the parsed data when the values are valid', () => {
    expect(validateForm(loginSchema, { username: ' a@example.com ', password: 'x' })).toEqual({
      data: { username: 'a@example.com', password: 'x' },
      errors: null,
    });
  });

  it('keeps the first message of each field', () => {
    const result = validateForm(registrationSchema('example.com'), {
      email: 'someone@elsewhere.org',
      firstName: '',
      lastName: 'Doe',
      department: 'IT',
      password: '123',
      confirmPassword: '123',
    });
    expect(result.errors).toMatchObject({
      email: 'Must be an @example.com email address',
      firstName: 'First name is required',
      password: 'Password must be at least 6 characters',
    });
    expect(result.errors).not.toHaveProperty('lastName');
  });
});
