import { z } from 'zod';
import { roleSchema } from './roles';

/**
 * Response shapes. They are strict objects on purpose: parsing a response with them proves that no
 * password hash or reset token leaked into it.
 */
export const userSchema = z.strictObject({
  id: z.number(),
  /** The work e-mail; same value as `email`. */
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  managerId: z.number().nullable(),
  managerName: z.string().nullable(),
  department: z.string(),
  firstLoginRequired: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present only for a deactivated account (a leaver switched off): when it was switched off. */
  deactivatedAt: z.string().optional(),
});

/** What any signed-in user may see of a colleague (directory and manager pool). */
export const userSummarySchema = userSchema.pick({
  id: true,
  username: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  managerId: true,
  managerName: true,
  department: true,
  deactivatedAt: true,
});

export const currentUserResponseSchema = z.strictObject({
  user: userSchema,
  requiresPasswordChange: z.boolean(),
  hasDirectReports: z.boolean(),
  /**
   * The account has a password it may sign in with: false for an account made by single sign-on,
   * and with password sign-in turned off (PASSWORD_LOGIN=false) for everyone but the start-up admin.
   */
  passwordSignIn: z.boolean(),
  /** Present while an administrator signed in with a password must first set up two-step sign-in (ADMIN_MFA=required). */
  secondFactorSetupRequired: z.literal(true).optional(),
});

export const loginResponseSchema = currentUserResponseSchema.extend({ authToken: z.string() });

/** GET /api/auth/oidc/first-sign-in: the person the provider named, as the first-sign-in screen greets them. */
export const ssoFirstSignInIdentitySchema = z.strictObject({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Present when an unproven account with the address was just claimed by this person: its names, department and manager are asked again. */
  claimed: z.literal(true).optional(),
});

export const managerOptionSchema = z.strictObject({ id: z.number(), firstName: z.string(), lastName: z.string() });

export const departmentSchema = z.strictObject({ id: z.number(), name: z.string(), createdAt: z.string() });

export const checkEmailResponseSchema = z.strictObject({ exists: z.boolean() });

export const passwordResetResponseSchema = z.strictObject({
  message: z.string(),
  resetToken: z.string(),
  resetLink: z.string(),
});

export const messageResponseSchema = z.strictObject({ message: z.string() });

/** POST /api/set-password: every earlier sign-in ended, so the answer signs the user in again. */
export const passwordChangedResponseSchema = loginResponseSchema.extend({ message: z.string() });

export type User = z.infer<typeof userSchema>;
export type UserSummary = z.infer<typeof userSummarySchema>;
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type ManagerOption = z.infer<typeof managerOptionSchema>;
export type SsoFirstSignInIdentity = z.infer<typeof ssoFirstSignInIdentitySchema>;
export type Department = z.infer<typeof departmentSchema>;
export type CheckEmailResponse = z.infer<typeof checkEmailResponseSchema>;
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;
