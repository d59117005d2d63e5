import { z } from 'zod';
import { safeString } from '../safe-text';
import { ACCOUNT_MESSAGES as M } from './messages';
import { roleSchema } from './roles';
import { secondFactorCodeSchema } from './second-factor';
import {
  EMAIL_MAX_LENGTH,
  MAX_ID,
  NAME_MAX_LENGTH,
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_TOKEN_PATTERN,
  isOrgEmail,
} from './rules';

const requiredText = (requiredMessage: string, field: string) =>
  safeString({ error: requiredMessage }).trim().min(1, requiredMessage).max(NAME_MAX_LENGTH, M.textTooLong(field, NAME_MAX_LENGTH));

/** A work e-mail address in the organisation's domain, normalised to lower case. */
export const orgEmailSchema = (domain: string) =>
  safeString({ error: M.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, M.emailRequired)
    .max(EMAIL_MAX_LENGTH, M.invalidEmail)
    .pipe(z.email({ error: M.invalidEmail }))
    .refine((email) => isOrgEmail(email, domain), M.orgEmail(domain));

const passwordSchema = (minLength: number) =>
  safeString({ error: M.passwordRequired }).min(1, M.passwordRequired).min(minLength, M.passwordMin(minLength));

const firstNameSchema = requiredText(M.firstNameRequired, 'First name');
const lastNameSchema = requiredText(M.lastNameRequired, 'Last name');
const departmentNameOfUserSchema = requiredText(M.departmentRequired, 'Department');
const managerNameSchema = safeString()
  .trim()
  .max(2 * NAME_MAX_LENGTH + 1, M.textTooLong('Manager name', 201));

/** Ids in paths (`/users/{id}`, `/departments/{id}`). */
export const userIdSchema = z.coerce
  .number({ error: M.invalidUserId })
  .int(M.invalidUserId)
  .min(1, M.invalidUserId)
  .max(MAX_ID, M.invalidUserId);
export const departmentIdSchema = z.coerce
  .number({ error: M.invalidDepartmentId })
  .int(M.invalidDepartmentId)
  .min(1, M.invalidDepartmentId)
  .max(MAX_ID, M.invalidDepartmentId);

const managerIdSchema = z
  .number({ error: M.invalidManagerId })
  .int(M.invalidManagerId)
  .min(1, M.invalidManagerId)
  .max(MAX_ID, M.invalidManagerId);
/** The admin form insists on a manager ('Manager is required'). */
const requiredManagerIdSchema = z
  .number({ error: (issue) => (issue.input === null || issue.input === undefined ? M.managerRequired : M.invalidManagerId) })
  .int(M.invalidManagerId)
  .min(1, M.invalidManagerId)
  .max(MAX_ID, M.invalidManagerId);

const passwordsMatch = (form: { password: string; confirmPassword?: string | undefined }) =>
  form.confirmPassword === undefined || form.password === form.confirmPassword;
const mismatch = { message: M.passwordsDontMatch, path: ['confirmPassword'] };

/** A username longer than any address cannot name an account. */
const usernameSchema = safeString({ error: M.usernameRequired })
  .trim()
  .min(1, M.usernameRequired)
  .max(EMAIL_MAX_LENGTH, M.accountDoesNotExist);

export const loginSchema = z.object({
  username: usernameSchema,
  password: safeString({ error: M.passwordRequired }).min(1, M.passwordRequired),
  /** An administrator's second factor, asked for only after the password was right (second-factor.ts). */
  code: secondFactorCodeSchema.optional(),
});

export const registrationSchema = (domain: string) =>
  z
    .object({
      email: orgEmailSchema(domain),
      firstName: firstNameSchema,
      lastName: lastNameSchema,
      managerId: managerIdSchema.nullish(),
      department: departmentNameOfUserSchema,
      password: passwordSchema(PASSWORD_MIN_LENGTH),
      confirmPassword: safeString({ error: M.confirmPasswordRequired }).min(
        PASSWORD_MIN_LENGTH,
        M.passwordMin(PASSWORD_MIN_LENGTH),
      ),
    })
    .refine(passwordsMatch, mismatch);

/**
 * The first single sign-on of a person without an account: registration's fields but the e-mail
 * (the provider's) and the password (none).
 */
export const ssoFirstSignInSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  managerId: managerIdSchema.nullish(),
  department: departmentNameOfUserSchema,
});

const adminUserFields = (domain: string) => ({
  email: orgEmailSchema(domain),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  role: roleSchema.default('employee'),
  managerId: requiredManagerIdSchema,
  department: departmentNameOfUserSchema,
});

/** The PUT payload names the e-mail `username` (as the API's clients send it); either name is accepted, `email` wins. */
const acceptUsernameAsEmail = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const body = value as Record<string, unknown>;
  return body.email === undefined && body.username !== undefined ? { ...body, email: body.username } : body;
};

/** Admin "Add User": created users must change the password at first login. */
export const adminUserCreateSchema = (domain: string) =>
  z.preprocess(acceptUsernameAsEmail, z.object({ ...adminUserFields(domain), password: passwordSchema(PASSWORD_MIN_LENGTH) }));

/** Admin "Edit User" form: the create form without a password. */
export const adminUserEditSchema = (domain: string) => z.preprocess(acceptUsernameAsEmail, z.object(adminUserFields(domain)));

/**
 * PUT /api/users/{id} by an admin: any field of the admin form, each optional. The manager may be
 * cleared (null) on the admin's own record only; the server answers 'Manager is required' otherwise.
 */
export const adminUserUpdateSchema = (domain: string) =>
  z.preprocess(
    acceptUsernameAsEmail,
    z
      .object({
        ...adminUserFields(domain),
        role: roleSchema,
        managerId: managerIdSchema.nullable(),
        managerName: managerNameSchema.nullable(),
      })
      .partial(),
  );

/**
 * PUT /api/users/{id} on one's own record by a non-admin (the profile dialog): manager and
 * department change; the e-mail, names and role are sent back unchanged and only compared. The
 * manager is null when the typed name matched nobody exactly.
 */
export const profileUpdateSchema = z.preprocess(
  acceptUsernameAsEmail,
  z
    .object({
      email: safeString().trim().toLowerCase(),
      firstName: safeString().trim(),
      lastName: safeString().trim(),
      role: roleSchema,
      managerId: managerIdSchema.nullable(),
      managerName: managerNameSchema.nullable(),
      department: departmentNameOfUserSchema,
    })
    .partial(),
);

/**
 * The current password is required unless the account must change its password (a temporary or
 * admin-given one): the server decides, so it is optional here.
 */
export const setPasswordSchema = z
  .object({
    currentPassword: safeString().optional(),
    password: passwordSchema(NEW_PASSWORD_MIN_LENGTH),
    confirmPassword: safeString().optional(),
  })
  .refine(passwordsMatch, mismatch);

export const resetRequestSchema = z.object({ username: usernameSchema });

export const resetTokenSchema = safeString({ error: M.invalidResetToken }).regex(RESET_TOKEN_PATTERN, M.invalidResetToken);

export const resetConfirmSchema = z
  .object({
    token: resetTokenSchema,
    password: passwordSchema(NEW_PASSWORD_MIN_LENGTH),
    confirmPassword: safeString().optional(),
  })
  .refine(passwordsMatch, mismatch);

export const tempPasswordSchema = z.object({
  userId: z.number({ error: M.invalidUserId }).int(M.invalidUserId).min(1, M.invalidUserId).max(MAX_ID, M.invalidUserId),
  tempPassword: safeString({ error: M.tempPasswordRequired })
    .min(1, M.tempPasswordRequired)
    .min(PASSWORD_MIN_LENGTH, M.passwordMin(PASSWORD_MIN_LENGTH)),
});

export const departmentNameSchema = z.object({
  name: requiredText(M.departmentNameRequired, 'Department name'),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegistrationInput = z.infer<ReturnType<typeof registrationSchema>>;
export type SsoFirstSignInInput = z.infer<typeof ssoFirstSignInSchema>;
export type AdminUserCreateInput = z.infer<ReturnType<typeof adminUserCreateSchema>>;
export type AdminUserEditInput = z.infer<ReturnType<typeof adminUserEditSchema>>;
export type AdminUserUpdateInput = z.infer<ReturnType<typeof adminUserUpdateSchema>>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;
export type ResetConfirmInput = z.infer<typeof resetConfirmSchema>;
export type TempPasswordInput = z.infer<typeof tempPasswordSchema>;
export type DepartmentNameInput = z.infer<typeof departmentNameSchema>;
