import { useState } from 'react';
import { HR_MESSAGES as M } from '@tht/contracts';
import { Button, DashboardSection, EmptyText } from '@tht/ui';
import { FiscalYearsDialog } from '../fiscal-years/FiscalYearsDialog';
import { useHrStats } from '../hr-api/hrApi';
import { TargetProgress } from './TargetProgress';
import { YearlyTargetDialog } from './YearlyTargetDialog';

/** The yearly target card: the organisation against the year's target, Set or Edit Target, Manage Fiscal Years. */
export function YearlyTargetSection({ year }: { year: number }) {
  const { stats, error } = useHrStats(year);
  const [open, setOpen] = useState<'target' | 'fiscal-years' | null>(null);
  return (
    <>
      <DashboardSection
        title={M.yearlyTargetTitle(year)}
        data={stats}
        error={error}
        loadingLabel={M.loadingProgress}
        what="the organisation target"
        actions={(loaded) => (
          <>
            <Button onClick={() => setOpen('target')}>{loaded.target ? M.editTarget : M.setTarget}</Button>
            <Button $variant="secondary" onClick={() => setOpen('fiscal-years')}>
              {M.manageFiscalYears}
            </Button>
          </>
        )}
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
