import { useState } from 'react';
import { MANAGER_MESSAGES as M } from '@tht/contracts';
import { PageHeader, SortableSections, Spinner, YearSelector, currentYear, useCurrentUser } from '@tht/ui';
import { PopularTopics } from '../popular-topics/PopularTopics';
import { TeamStats } from '../stats/TeamStats';
import { TeamDetails } from '../team-details/TeamDetails';
import { TrainingProgress } from '../training-progress/TrainingProgress';

/** The local-storage key under which the order of the dashboard sections is kept. */
export const MANAGER_LAYOUT_KEY = 'manager-dashboard-layout';

function dashboardSections(managerId: number, year: number) {
  return [
    { id: 'stats', title: M.statsTitle, content: <TeamStats managerId={managerId} year={year} /> },
    { id: 'training-progress', title: M.progressTitle, content: <TrainingProgress managerId={managerId} year={year} /> },
    { id: 'team-details', title: M.detailsTitle, content: <TeamDetails managerId={managerId} year={year} /> },
    { id: 'popular-topics', title: M.topicsTitle, content: <PopularTopics managerId={managerId} year={year} /> },
  ] as const;
}

/** The Manager View tab (exposed as mf_manager/ManagerView): the signed-in manager's team of direct reports. */
export default function ManagerView() {
  const [year, setYear] = useState(currentYear);
  const { user } = useCurrentUser();
  return (
    <section aria-labelledby="manager-dashboard-title">
      <PageHeader title={M.title} titleId="manager-dashboard-title">
        <YearSelector value={year} onChange={setYear} />
      </PageHeader>
      {user ? (
        <SortableSections label="Dashboard sections" storageKey={MANAGER_LAYOUT_KEY} sections={dashboardSections(user.id, year)} />
      ) : (
        <Spinner label={M.loading} />
      )}
    </section>
  );
}
