import { useState } from 'react';
import { HR_MESSAGES as M } from '@tht/contracts';
import { ExportAllDataButton, PageHeader, SortableSections, YearSelector, currentYear } from '@tht/ui';
import { TrainingTrends } from '../charts/TrainingTrends';
import { EmployeeTable } from '../employee-table/EmployeeTable';
import { InnovativeSummary } from '../innovative-summary/InnovativeSummary';
import { PopularTopics } from '../popular-topics/PopularTopics';
import { OrganisationStats } from '../stats/OrganisationStats';
import { TopCourses } from '../top-courses/TopCourses';
import { YearlyTargetSection } from '../yearly-target/YearlyTargetSection';

/** SPEC section 9: where the order of the dashboard sections is kept. */
export const HR_LAYOUT_KEY = 'hr-dashboard-layout';

function dashboardSections(year: number) {
  return [
    { id: 'yearly-target', title: M.yearlyTargetTitle(year), content: <YearlyTargetSection year={year} /> },
    { id: 'stats', title: M.statsTitle, content: <OrganisationStats year={year} /> },
    { id: 'innovative-summary', title: M.innovativeTitle, content: <InnovativeSummary year={year} /> },
    { id: 'top-courses', title: M.topCoursesTitle, content: <TopCourses year={year} /> },
    { id: 'employee-table', title: M.employeesTitle, content: <EmployeeTable year={year} /> },
    { id: 'popular-topics', title: M.topicsTitle, content: <PopularTopics year={year} /> },
    { id: 'trends', title: M.trendsTitle, content: <TrainingTrends year={year} /> },
  ] as const;
}

/** The HR View tab (exposed as mf_hr/HrView): the organisation's year, its targets and its people. */
export default function HrView() {
  const [year, setYear] = useState(currentYear);
  return (
    <section aria-labelledby="hr-dashboard-title">
      <PageHeader title={M.title} titleId="hr-dashboard-title">
        <YearSelector value={year} onChange={setYear} />
        <ExportAllDataButton label={M.exportAllData} />
        <ExportAllDataButton label={M.exportAllDataExcel} path="/api/export?format=xlsx" />
      </PageHeader>
      <SortableSections label="Dashboard sections" storageKey={HR_LAYOUT_KEY} sections={dashboardSections(year)} />
    </section>
  );
}
