// The auth forms' validation rules. This module (with zod) is its own chunk, fetched right after
// the auth page shows, so the first screen a visitor sees does not wait for it (see loadAuthRules).
export {
  loginSchema,
  registrationSchema,
  resetConfirmSchema,
  resetRequestSchema,
  resetTokenSchema,
  setPasswordSchema,
  ssoFirstSignInSchema,
} from '@tht/contracts';
