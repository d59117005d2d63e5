import { ADMIN_MESSAGES as M, fiscalYearCreateSchema } from '@tht/contracts';
import { messagesOf, type PlanBuilder } from './plan-builder';
import { blankToNull, placeOf, type Sheet } from './sheet-columns';

/** The Fiscal years sheet: the years the instance does not have yet, with their target hours. */
export function planFiscalYears(builder: PlanBuilder, sheet: Sheet): void {
  const seen = new Set<number>();
  for (const row of sheet.rows) {
    const parsed = fiscalYearCreateSchema.safeParse({
      year: sheet.cell(row, 'year').trim(),
      targetHours: sheet.cell(row, 'targetHours').trim(),
      description: blankToNull(sheet.cell(row, 'description')),
    });
    if (!parsed.success) {
      builder.fail(sheet, row, messagesOf(parsed.error));
      continue;
    }
    const { year, targetHours } = parsed.data;
    if (seen.has(year)) builder.fail(sheet, row, M.repeatedRow(`The year ${year}`));
    else if (builder.instance.fiscalYears.has(year)) builder.unchanged.fiscalYears += 1;
    // A blank description stays blank (the form's default text is for new years typed in by hand).
    else {
      const description = blankToNull(sheet.cell(row, 'description').trim());
      builder.plan.fiscalYears.push({ ...placeOf(sheet, row), year, targetHours, description });
    }
    seen.add(year);
  }
}
