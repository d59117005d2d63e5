import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  departmentNameSchema,
  loginSchema,
  profileUpdateSchema,
  registrationSchema,
  resetConfirmSchema,
  resetRequestSchema,
  setPasswordSchema,
  tempPasswordSchema,
} from './schemas';
import { userSchema } from './responses';

const DOMAIN = 'acme.org';

/** The message a client shows: the first issue's. */
function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const validRegistration = {
  email: 'Ada.Lovelace@ACME.org',
  firstName: 'Ada',
  lastName: 'Lovelace',
  department: 'Engineering',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('loginSchema', () => {
  it('requires a username and a password', () => {
    expect(firstMessage(loginSchema, { password: 'x' })).toBe('Username is required');
    expect(firstMessage(loginSchema, { username: '   ', password: 'x' })).toBe('Username is required');
    expect(firstMessage(loginSchema, { username: 'a@acme.org' })).toBe('Password is required');
    expect(firstMessage(loginSchema, { username: 'a@acme.org', password: '' })).toBe('Password is required');
  });

  it('accepts credentials and ignores unknown fields', () => {
    expect(loginSchema.parse({ username: ' a@acme.org ', password: 'pw', remember: true })).toEqual({
      username: 'a@acme.org',
      password: 'pw',
    });
  });
});

describe('registrationSchema', () => {
  const schema = registrationSchema(DOMAIN);

  it('normalises the e-mail to lower case and accepts an absent manager', () => {
    const parsed = schema.parse(validRegistration);
    expect(parsed.email).toBe('ada.lovelace@acme.org');
    expect(parsed.managerId).toBeUndefined();
  });

  it('checks the e-mail format and the organisation domain', () => {
    expect(firstMessage(schema, { ...validRegistration, email: 'not-an-email' })).toBe('Must be a valid email address');
    expect(firstMessage(schema, { ...validRegistration, email: 'ada@gmail.com' })).toBe('Must be an @acme.org email address');
    expect(firstMessage(schema, { ...validRegistration, email: 'ada@notacme.org' })).toBe('Must be an @acme.org email address');
    expect(firstMessage(schema, { ...validRegistration, email: `${'a'.repeat(250)}@acme.org` })).toBe(
      'Must be a valid email address',
    );
  });

  it('requires names and department', () => {
    expect(firstMessage(schema, { ...validRegistration, firstName: ' ' })).toBe('First name is required');
    expect(firstMessage(schema, { ...validRegistration, lastName: undefined })).toBe('Last name is required');
    expect(firstMessage(schema, { ...validRegistration, department: '' })).toBe('Department is required');
  });

  it('requires a 6-character password confirmed exactly', () => {
    expect(firstMessage(schema, { ...validRegistration, password: '12345', confirmPassword: '12345' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstMessage(schema, { ...validRegistration, confirmPassword: 'secret2' })).toBe("Passwords don't match");
  });

  it('takes the manager as an optional number', () => {
    expect(schema.parse({ ...validRegistration, managerId: 7 }).managerId).toBe(7);
    expect(schema.parse({ ...validRegistration, managerId: null }).managerId).toBeNull();
    expect(firstMessage(schema, { ...validRegistration, managerId: 'seven' })).toBe('Manager must be a valid user id');
    expect(firstMessage(schema, { ...validRegistration, managerId: 0 })).toBe('Manager must be a valid user id');
    expect(firstMessage(schema, { ...validRegistration, managerId: 2 ** 31 })).toBe('Manager must be a valid user id');
  });
});

describe('admin user schemas', () => {
  const create = adminUserCreateSchema(DOMAIN);
  const validUser = { ...validRegistration, role: 'manager', managerId: 1 };

  it('requires a manager and a known role', () => {
    expect(firstMessage(create, { ...validUser, managerId: undefined })).toBe('Manager is required');
    expect(firstMessage(create, { ...validUser, managerId: null })).toBe('Manager is required');
    expect(firstMessage(create, { ...validUser, role: 'owner' })).toBe('Role must be one of employee, manager, hr, smt, admin');
    expect(create.parse({ ...validUser, role: undefined }).role).toBe('employee');
  });

  it('requires a password of 6 characters on create', () => {
    expect(firstMessage(create, { ...validUser, password: undefined })).toBe('Password is required');
    expect(firstMessage(create, { ...validUser, password: 'abc' })).toBe('Password must be at least 6 characters');
  });

  it('accepts the e-mail under the name username', () => {
    const { email: _email, ...withoutEmail } = validUser;
    expect(create.parse({ ...withoutEmail, username: 'GRACE@acme.org' }).email).toBe('grace@acme.org');
  });

  it('updates any subset of fields, each checked like the form', () => {
    const update = adminUserUpdateSchema(DOMAIN);
    expect(update.parse({ role: 'hr' })).toEqual({ role: 'hr' });
    expect(update.parse({ username: 'New@acme.org' })).toMatchObject({ email: 'new@acme.org' });
    expect(firstMessage(update, { email: 'x@other.org' })).toBe('Must be an @acme.org email address');
    expect(firstMessage(update, { firstName: '' })).toBe('First name is required');
    expect(firstMessage(update, { role: 'root' })).toBe('Role must be one of employee, manager, hr, smt, admin');
  });
});

describe('profileUpdateSchema', () => {
  it('allows no manager when the typed name matched nobody', () => {
    const schema = profileUpdateSchema;
    expect(schema.parse({ managerId: null, managerName: 'Someone Else', department: 'Sales' })).toEqual({
      managerId: null,
      managerName: 'Someone Else',
      department: 'Sales',
    });
  });
});

describe('password schemas', () => {
  it('needs 8 characters for a new password and a matching confirmation', () => {
    expect(firstMessage(setPasswordSchema, { password: 'short12' })).toBe('Password must be at least 8 characters');
    expect(firstMessage(setPasswordSchema, { password: 'longenough', confirmPassword: 'different' })).toBe("Passwords don't match");
    expect(setPasswordSchema.parse({ password: 'longenough', confirmPassword: 'longenough' }).password).toBe('longenough');
  });

  it('accepts only 64 lowercase hex characters as a reset token', () => {
    const token = 'a'.repeat(64);
    const invalid = 'Invalid Token: Reset token must be exactly 64 characters (hex format).';
    expect(firstMessage(resetConfirmSchema, { token: 'A'.repeat(64), password: 'longenough' })).toBe(invalid);
    expect(firstMessage(resetConfirmSchema, { token: 'a'.repeat(63), password: 'longenough' })).toBe(invalid);
    expect(firstMessage(resetConfirmSchema, { token: 'g'.repeat(64), password: 'longenough' })).toBe(invalid);
    expect(firstMessage(resetConfirmSchema, { token, password: 'short' })).toBe('Password must be at least 8 characters');
    expect(resetConfirmSchema.parse({ token, password: 'longenough' }).token).toBe(token);
  });

  it('requires a username for a reset request', () => {
    expect(firstMessage(resetRequestSchema, {})).toBe('Username is required');
  });

  it('requires a temporary password of 6 characters for a valid user id', () => {
    expect(firstMessage(tempPasswordSchema, { userId: 3 })).toBe('Temporary password is required');
    expect(firstMessage(tempPasswordSchema, { userId: 3, tempPassword: '' })).toBe('Temporary password is required');
    expect(firstMessage(tempPasswordSchema, { userId: 3, tempPassword: 'abc' })).toBe('Password must be at least 6 characters');
    expect(firstMessage(tempPasswordSchema, { userId: 0, tempPassword: 'abcdef' })).toBe(
      'User id must be an integer of at least 1',
    );
  });
});

describe('departmentNameSchema', () => {
  it('requires a name and trims it', () => {
    expect(firstMessage(departmentNameSchema, { name: '  ' })).toBe('Department name is required');
    expect(departmentNameSchema.parse({ name: ' Finance ' })).toEqual({ name: 'Finance' });
  });
});

describe('userSchema', () => {
  it('rejects a user object carrying a password hash', () => {
    const user = {
      id: 1,
      username: 'a@acme.org',
      email: 'a@acme.org',
      firstName: 'A',
      lastName: 'B',
      role: 'employee',
      managerId: null,
      managerName: null,
      department: 'Sales',
      firstLoginRequired: false,
      lastLogin: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(userSchema.safeParse(user).success).toBe(true);
    expect(userSchema.safeParse({ ...user, passwordHash: '$argon2id$...' }).success).toBe(false);
  });
});
