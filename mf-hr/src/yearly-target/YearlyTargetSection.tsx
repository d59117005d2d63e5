import { useState } from 'react';
import { HR_MESSAGES as M } from '@tht/contracts';
import { Button, DashboardSection, EmptyText } from '@tht/ui';
import { FiscalYearsDialog } from '../fiscal-years/FiscalYearsDialog';
import { useHrStats, type HrShown } from '../hr-api/hrApi';
import { TargetProgress } from './TargetProgress';
import { YearlyTargetDialog } from './YearlyTargetDialog';

/**
 * The yearly target card: the organisation against the year's target, Set or Edit Target, Manage
 * Fiscal Years (today only: a day in the past is shown as it was, not changed).
 */
export function YearlyTargetSection(shown: HrShown) {
  const { year, asOf } = shown;
  const { stats, error } = useHrStats(shown);
  const [open, setOpen] = useState<'target' | 'fiscal-years' | null>(null);
  return (
    <>
      <DashboardSection
        title={M.yearlyTargetTitle(year)}
        data={stats}
        error={error}
        loadingLabel={M.loadingProgress}
        what="the organisation target"
        actions={(loaded) =>
          !asOf && (
            <>
              <Button onClick={() => setOpen('target')}>{loaded.target ? M.editTarget : M.setTarget}</Button>
              <Button $variant="secondary" onClick={() => setOpen('fiscal-years')}>
                {M.manageFiscalYears}
              </Button>
            </>
          )
        }
      >
        {(loaded) =>
          loaded.target ? <TargetProgress stats={loaded} target={loaded.target} /> : <EmptyText>{M.noTarget(year)}</EmptyText>
        }
      </DashboardSection>
      {open === 'target' && stats && <YearlyTargetDialog year={year} target={stats.target} onClose={() => setOpen(null)} />}
      {open === 'fiscal-years' && <FiscalYearsDialog defaultYear={year} onClose={() => setOpen(null)} />}
    </>
  );
}
