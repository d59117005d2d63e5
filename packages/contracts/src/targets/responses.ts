import { z } from 'zod';

/**
 * A yearly target, which is also a fiscal year: one record
 * per year, answered by both GET /api/yearly-targets and GET /api/fiscal-years.
 */
export const yearlyTargetSchema = z.strictObject({
  id: z.number(),
  year: z.number(),
  targetHours: z.number(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A person's own target for a year. `setBy` is the user who last set it (null for system actions). */
export const userTargetSchema = z.strictObject({
  id: z.number(),
  userId: z.number(),
  year: z.number(),
  targetHours: z.number(),
  reason: z.string().nullable(),
  setBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type YearlyTarget = z.infer<typeof yearlyTargetSchema>;
export type FiscalYear = YearlyTarget;
export type UserTarget = z.infer<typeof userTargetSchema>;
