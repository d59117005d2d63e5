import styled from 'styled-components';
import type { FiscalYear } from '@tht/contracts';
import { Badge } from '../primitives/Badge';
import { EmptyText } from '../primitives/DashboardSection';
import { TableScroll } from '../primitives/DataTable';
import { currentYear } from '../years/YearSelector';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: ${({ theme }) => theme.spacing(5)};
  & th, & td { text-align: left; padding: ${({ theme }) => theme.spacing(2)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
`;

type FiscalYearTableProps = {
  fiscalYears: readonly FiscalYear[];
  /** 'No fiscal years configured yet.' (from the caller's contracts messages). */
  emptyText: string;
};

/**
 * The fiscal years (which are the yearly targets), as HR's dialog and the Admin panel list them:
 * year with a 'Current' badge for the present one, target hours, description and created date.
 */
export function FiscalYearTable({ fiscalYears, emptyText }: FiscalYearTableProps) {
  if (fiscalYears.length === 0) return <EmptyText>{emptyText}</EmptyText>;
  const thisYear = currentYear();
  return (
    <TableScroll label="Fiscal years">
      <Table>
        <caption className="visually-hidden">Fiscal years</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Target Hours</th>
            <th scope="col">Description</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {fiscalYears.map((fiscalYear) => (
            <tr key={fiscalYear.id}>
              <th scope="row">
                {fiscalYear.year} {fiscalYear.year === thisYear && <Badge $tone="info">Current</Badge>}
              </th>
              <td>{fiscalYear.targetHours}</td>
              <td>{fiscalYear.description}</td>
              <td>{new Date(fiscalYear.createdAt).toLocaleDateString()}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
