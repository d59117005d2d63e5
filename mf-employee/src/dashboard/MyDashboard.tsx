import { useState } from 'react';
import { PageHeader, YearSelector, currentYear } from '@tht/ui';

/** The My Dashboard tab (exposed as mf_employee/MyDashboard). */
export default function MyDashboard() {
  const [year, setYear] = useState(currentYear);
  return (
    <section aria-labelledby="my-dashboard-title">
      <PageHeader title="My Dashboard" titleId="my-dashboard-title">
        <YearSelector value={year} onChange={setYear} />
      </PageHeader>
    </section>
  );
}
