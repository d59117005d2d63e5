import type { z } from 'zod';
import { orgEmailSchema, ssoFirstSignInSchema } from '../accounts/schemas';

/**
 * A person as the directory states them, held to the rules of the admin's user form: an address of
 * the organisation's domain, first and last name and department required.
 */
export const directoryPersonSchema = (domain: string) =>
  ssoFirstSignInSchema.pick({ firstName: true, lastName: true, department: true }).extend({ email: orgEmailSchema(domain) });

export type DirectoryPersonInput = z.infer<ReturnType<typeof directoryPersonSchema>>;
