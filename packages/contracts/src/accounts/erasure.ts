import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from './messages';

/** `POST /api/users/{id}/erase`: the person's full name, typed by the admin to confirm (decision 038). */
export const eraseUserSchema = z.object({
  confirmName: z.string({ error: M.eraseNameMismatch }).trim().min(1, M.eraseNameMismatch),
});
export type EraseUserInput = z.infer<typeof eraseUserSchema>;
