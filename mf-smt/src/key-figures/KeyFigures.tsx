import { SMT_MESSAGES as M, type SmtOverview } from '@tht/contracts';
import { DashboardSection, Tile, TileDetail, Tiles, TileValue } from '@tht/ui';
import { comparisonText } from './comparison';

type KeyFiguresProps = { overview: SmtOverview | undefined; error: Error | undefined };

/** The three cards (SPEC section 2): Active Employees, Total Training Hours, Avg Hours per Employee, each against the year before. */
export function KeyFigures({ overview, error }: KeyFiguresProps) {
  return (
    <DashboardSection title={M.cardsLabel} data={overview} error={error} loadingLabel={M.loading} what="the key figures">
      {(loaded) => <FigureTiles overview={loaded} />}
    </DashboardSection>
  );
}

function FigureTiles({ overview }: { overview: SmtOverview }) {
  const { previousYear } = overview;
  const tiles = [
    {
      title: M.activeEmployees,
      value: overview.activeEmployees,
      detail: `of ${overview.totalAccounts} people logged training in ${overview.year}`,
      comparison: comparisonText(overview.activeEmployees, previousYear.activeEmployees, previousYear.year),
    },
    {
      title: M.totalTrainingHours,
      value: overview.totalHours,
      detail: `hours of training in ${overview.year}`,
      comparison: comparisonText(overview.totalHours, previousYear.totalHours, previousYear.year),
    },
    {
      title: M.averageHoursPerEmployee,
      value: overview.averageHoursPerEmployee,
      detail: 'hours per active employee',
      comparison: comparisonText(overview.averageHoursPerEmployee, previousYear.averageHoursPerEmployee, previousYear.year),
    },
  ];
  return (
    <Tiles>
      {tiles.map((tile) => (
        <Tile key={tile.title}>
          <h3>{tile.title}</h3>
          <TileValue>{tile.value}</TileValue>
          <TileDetail>{tile.detail}</TileDetail>
          <TileDetail>{tile.comparison}</TileDetail>
        </Tile>
      ))}
    </Tiles>
  );
}
