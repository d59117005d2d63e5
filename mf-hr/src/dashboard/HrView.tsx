import { useState } from 'react';
import { ExportAllDataButton, PageHeader, YearSelector, currentYear } from '@tht/ui';

/** The HR View tab (exposed as mf_hr/HrView). */
export default function HrView() {
  const [year, setYear] = useState(currentYear);
  return (
    <section aria-labelledby="hr-dashboard-title">
      <PageHeader title="HR Dashboard" titleId="hr-dashboard-title">
        <YearSelector value={year} onChange={setYear} />
        <ExportAllDataButton />
      </PageHeader>
    </section>
  );
}
