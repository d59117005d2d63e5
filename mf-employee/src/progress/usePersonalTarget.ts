import { effectiveTargetHours, targetsRoutes, usersRoutes } from '@tht/contracts';
import { useRead } from '@tht/ui';

export type PersonalTarget = { isLoading: true } | { isLoading: false; targetHours: number };

/**
 * The signed-in user's target for `year`: their own target (GET
 * /api/user-targets?year=, where a failure counts as an empty list), else the yearly target (GET
 * /api/yearly-targets) shared among all users (GET /api/users), rounded, else 100 hours. A read
 * that fails counts as missing, so the card always shows a target.
 */
export function usePersonalTarget(userId: number, year: number): PersonalTarget {
  const userTargets = useRead(targetsRoutes.listUserTargets, { query: { year } });
  const userTargetsSettled = userTargets.data !== undefined || userTargets.error !== undefined;
  const own = (userTargets.error ? [] : (userTargets.data ?? [])).find(
    (target) => target.userId === userId && target.year === year,
  );
  const needsYearlyTarget = userTargetsSettled && !own;

  const yearlyTargets = useRead(targetsRoutes.listYearlyTargets, needsYearlyTarget ? {} : null);
  const yearlySettled = yearlyTargets.data !== undefined || yearlyTargets.error !== undefined;
  const yearly = (yearlyTargets.error ? [] : (yearlyTargets.data ?? [])).find((target) => target.year === year);

  const users = useRead(usersRoutes.listUsers, yearly ? {} : null);
  const usersSettled = users.data !== undefined || users.error !== undefined;

  if (!userTargetsSettled || (needsYearlyTarget && !yearlySettled) || (yearly && !usersSettled)) return { isLoading: true };

  const targetHours = effectiveTargetHours({
    userTargetHours: own ? own.targetHours : null,
    yearlyTargetHours: yearly ? yearly.targetHours : null,
    totalUsers: users.error ? 0 : (users.data?.length ?? 0),
  });
  return { isLoading: false, targetHours };
}
