import { useState } from 'react';
import { ExportAllDataButton, PageHeader, YearSelector, currentYear } from '@tht/ui';

/** The SMT View tab (exposed as mf_smt/SmtView): the read-only executive overview. */
export default function SmtView() {
  const [year, setYear] = useState(currentYear);
  return (
    <section aria-labelledby="smt-dashboard-title">
      <PageHeader title="SMT Dashboard" titleId="smt-dashboard-title">
        <YearSelector value={year} onChange={setYear} />
        <ExportAllDataButton label="Export" />
      </PageHeader>
    </section>
  );
}
