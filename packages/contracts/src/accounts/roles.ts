import { z } from 'zod';

export const ROLES = ['employee', 'manager', 'hr', 'smt', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const roleSchema = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });
