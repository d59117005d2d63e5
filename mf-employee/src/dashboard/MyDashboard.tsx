import { useState } from 'react';
import type { User } from '@tht/contracts';
import { PageHeader, SortableSections, Spinner, YearSelector, currentYear, useCurrentUser } from '@tht/ui';
import { ExpiringCertificatesCard } from '../certificates/ExpiringCertificatesCard';
import { EntriesModule } from '../entries/EntriesModule';
import { ProgressModule } from '../progress/ProgressModule';
import { StatsModule } from '../stats/StatsModule';

/** The local-storage key under which the order of the dashboard modules is kept. */
export const MODULE_ORDER_KEY = 'dashboard-module-order';

function dashboardModules(user: User, year: number) {
  return [
    { id: 'progress', title: 'Progress', content: <ProgressModule userId={user.id} year={year} /> },
    { id: 'stats', title: 'Statistics', content: <StatsModule userId={user.id} year={year} /> },
    { id: 'entries', title: 'Entries', content: <EntriesModule user={user} year={year} /> },
  ] as const;
}

/** The My Dashboard tab (exposed as mf_employee/MyDashboard). */
export default function MyDashboard() {
  const [year, setYear] = useState(currentYear);
  const { user } = useCurrentUser();
  return (
    <section aria-labelledby="my-dashboard-title">
      <PageHeader title="My Dashboard" titleId="my-dashboard-title">
        <YearSelector value={year} onChange={setYear} />
      </PageHeader>
      {user ? (
        <>
          <ExpiringCertificatesCard />
          <SortableSections label="Dashboard modules" storageKey={MODULE_ORDER_KEY} sections={dashboardModules(user, year)} />
        </>
      ) : (
        <Spinner label="Loading..." />
      )}
    </section>
  );
}
