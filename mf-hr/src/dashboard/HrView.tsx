import { useState } from 'react';
import { AS_OF_LABELS, CERTIFICATE_MESSAGES, HR_MESSAGES as M } from '@tht/contracts';
import {
  AsOfBanner,
  AsOfControl,
  Card,
  CardTitle,
  EmptyText,
  ExportAllDataButton,
  PageHeader,
  SortableSections,
  YearSelector,
  currentYear,
} from '@tht/ui';
import { ExpiringCertificatesSection } from '../certificates/ExpiringCertificatesSection';
import { TrainingTrends } from '../charts/TrainingTrends';
import { EmployeeTable } from '../employee-table/EmployeeTable';
import { useHrStats, type HrShown } from '../hr-api/hrApi';
import { InnovativeSummary } from '../innovative-summary/InnovativeSummary';
import { PopularTopics } from '../popular-topics/PopularTopics';
import { OrganisationStats } from '../stats/OrganisationStats';
import { TopCourses } from '../top-courses/TopCourses';
import { YearlyTargetSection } from '../yearly-target/YearlyTargetSection';

/** The local-storage key under which the order of the dashboard sections is kept. */
export const HR_LAYOUT_KEY = 'hr-dashboard-layout';

/** The employee table's place while a past day is shown: its people and targets are today's. */
function EmployeesToday() {
  return (
    <Card aria-labelledby="hr-employees-today">
      <CardTitle id="hr-employees-today">{M.employeesTitle}</CardTitle>
      <EmptyText>{M.employeesToday}</EmptyText>
    </Card>
  );
}

function dashboardSections(shown: HrShown) {
  const { year, asOf } = shown;
  return [
    { id: 'yearly-target', title: M.yearlyTargetTitle(year), content: <YearlyTargetSection {...shown} /> },
    { id: 'stats', title: M.statsTitle, content: <OrganisationStats {...shown} /> },
    { id: 'innovative-summary', title: M.innovativeTitle, content: <InnovativeSummary {...shown} /> },
    { id: 'top-courses', title: M.topCoursesTitle, content: <TopCourses {...shown} /> },
    { id: 'employee-table', title: M.employeesTitle, content: asOf ? <EmployeesToday /> : <EmployeeTable year={year} /> },
    { id: 'popular-topics', title: M.topicsTitle, content: <PopularTopics {...shown} /> },
    { id: 'trends', title: M.trendsTitle, content: <TrainingTrends {...shown} /> },
    // Today's certificates, whatever the year or day shown.
    { id: 'certificates', title: CERTIFICATE_MESSAGES.title, content: <ExpiringCertificatesSection /> },
  ] as const;
}

/**
 * The HR View tab (exposed as mf_hr/HrView): the organisation's year, its targets and its people;
 * its figures also as recorded by the end of a past day ('As of'), exports included.
 */
export default function HrView() {
  const [year, setYear] = useState(currentYear);
  const [asOf, setAsOf] = useState<string | null>(null);
  const shown = { year, asOf };
  const { progress, error } = useHrStats(shown);
  const replaying = progress !== undefined;
  const exportLabel = (label: string) => (asOf ? AS_OF_LABELS.exportAsOf(label, asOf) : label);
  return (
    <section aria-labelledby="hr-dashboard-title">
      <PageHeader title={M.title} titleId="hr-dashboard-title">
        <YearSelector value={year} onChange={setYear} />
        <AsOfControl value={asOf} onChange={setAsOf} />
        <ExportAllDataButton label={exportLabel(M.exportAllData)} limits={{ asOf }} disabled={replaying} />
        <ExportAllDataButton label={exportLabel(M.exportAllDataExcel)} limits={{ format: 'xlsx', asOf }} disabled={replaying} />
      </PageHeader>
      {asOf && <AsOfBanner day={asOf} progress={progress} error={error} onBackToToday={() => setAsOf(null)} />}
      <SortableSections label="Dashboard sections" storageKey={HR_LAYOUT_KEY} sections={dashboardSections(shown)} />
    </section>
  );
}
