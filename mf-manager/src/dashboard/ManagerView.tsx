import { useState } from 'react';
import { PageHeader, YearSelector, currentYear } from '@tht/ui';

/** The Manager View tab (exposed as mf_manager/ManagerView). */
export default function ManagerView() {
  const [year, setYear] = useState(currentYear);
  return (
    <section aria-labelledby="manager-dashboard-title">
      <PageHeader title="Manager Dashboard" titleId="manager-dashboard-title">
        <YearSelector value={year} onChange={setYear} />
      </PageHeader>
    </section>
  );
}
