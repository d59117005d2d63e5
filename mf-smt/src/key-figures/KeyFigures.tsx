import { SMT_MESSAGES as M, type SmtOverview } from '@tht/contracts';
import { DashboardSection, FigureTiles, type Figure } from '@tht/ui';
import { comparisonText } from './comparison';

type KeyFiguresProps = { overview: SmtOverview | undefined; error: Error | undefined };

/** The three cards: Active Employees, Total Training Hours, Avg Hours per Employee, each against the year before. */
export function KeyFigures({ overview, error }: KeyFiguresProps) {
  return (
    <DashboardSection title={M.cardsLabel} data={overview} error={error} loadingLabel={M.loading} what="the key figures">
      {(loaded) => <FigureTiles figures={keyFiguresOf(loaded)} />}
    </DashboardSection>
  );
}

function keyFiguresOf(overview: SmtOverview): Figure[] {
  const { previousYear } = overview;
  return [
    {
      title: M.activeEmployees,
      value: overview.activeEmployees,
      details: [
        `of ${overview.totalAccounts} people logged training in ${overview.year}`,
        comparisonText(overview.activeEmployees, previousYear.activeEmployees, previousYear.year),
      ],
    },
    {
      title: M.totalTrainingHours,
      value: overview.totalHours,
      details: [
        `hours of training in ${overview.year}`,
        comparisonText(overview.totalHours, previousYear.totalHours, previousYear.year),
      ],
    },
    {
      title: M.averageHoursPerEmployee,
      value: overview.averageHoursPerEmployee,
      details: [
        'hours per active employee',
        comparisonText(overview.averageHoursPerEmployee, previousYear.averageHoursPerEmployee, previousYear.year),
      ],
    },
  ];
}
