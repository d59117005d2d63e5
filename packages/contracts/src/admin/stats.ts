import { z } from 'zod';

/** GET /api/admin-stats: the system overview cards. */
export const adminStatsSchema = z.strictObject({
  totalUsers: z.number(),
  totalEntries: z.number(),
  totalHours: z.number(),
  totalDepartments: z.number(),
});

export type AdminStats = z.infer<typeof adminStatsSchema>;
