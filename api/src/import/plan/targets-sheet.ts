import { ADMIN_MESSAGES as M, userTargetCreateSchema } from '@tht/contracts';
import { userTargetKey } from './instance-snapshot';
import { messagesOf, type PlanBuilder } from './plan-builder';
import { blankToNull, placeOf, type Sheet } from './sheet-columns';

/** The Targets sheet: each person's yearly target hours the instance does not have yet. */
export function planTargets(builder: PlanBuilder, sheet: Sheet): void {
  const seen = new Set<string>();
  for (const row of sheet.rows) {
    const owner = builder.known.ownerOf(sheet, row);
    if (typeof owner === 'string') {
      builder.fail(sheet, row, owner);
      continue;
    }
    const parsed = userTargetCreateSchema.safeParse({
      userId: 1, // the owner comes from the e-mail
      year: sheet.cell(row, 'year').trim(),
      targetHours: sheet.cell(row, 'targetHours').trim(),
      reason: blankToNull(sheet.cell(row, 'reason')),
    });
    if (!parsed.success) {
      builder.fail(sheet, row, messagesOf(parsed.error));
      continue;
    }
    const { year, targetHours, reason } = parsed.data;
    const key = userTargetKey(owner.ref, year);
    if (seen.has(key)) builder.fail(sheet, row, M.repeatedRow(`The target of ${sheet.cell(row, 'employeeEmail')} for ${year}`));
    else if (builder.instance.userTargets.has(key)) builder.unchanged.targets += 1;
    else builder.plan.targets.push({ ...placeOf(sheet, row), owner: owner.ref, year, targetHours, reason });
    seen.add(key);
  }
}
