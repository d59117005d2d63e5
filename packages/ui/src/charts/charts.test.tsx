import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { DepartmentHoursChart, DepartmentHoursTable, MonthlyHoursChart, monthlyHoursRows } from './index';

const cellsOf = (table: HTMLElement, rowHeader: string) =>
  within(within(table).getByRole('rowheader', { name: rowHeader }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The chart's figures table sits in a box that clips it to nothing (VisuallyHidden), however wide it is. */
const isClippedAway = (table: HTMLElement) => {
  const box = getComputedStyle(table.parentElement!);
  return box.position === 'absolute' && box.width === '1px' && box.overflow === 'hidden';
};

const departments = [
  { department: 'Engineering', hours: 13.5, employees: 2 },
  { department: 'Finance', hours: 6.25, employees: 1 },
];

describe('the charts', () => {
  it('draw the hours per month once recharts has loaded, the figures in a table for screen readers', async () => {
    const rows = monthlyHoursRows([2, 5, 3.75], [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120], 2025, new Date(2025, 2, 15));
    const { container } = renderWithUi(<MonthlyHoursChart rows={rows} caption="Hours per month in 2025" paceLabel="Target pace" />);
    const table = screen.getByRole('table', { name: 'Hours per month in 2025' });
    expect(isClippedAway(table)).toBe(true);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Month', 'Hours', 'Hours so far', 'Target pace']);
    expect(cellsOf(table, 'March')).toEqual(['3.75', '10.75', '30']);
    expect(cellsOf(table, 'April')).toEqual(['0', '-', '40']);
    const frame = container.querySelector('[aria-hidden="true"]')!;
    expect(within(frame as HTMLElement).getByText('Loading chart...')).toBeInTheDocument();
    await waitFor(() => expect(frame.querySelector('.recharts-responsive-container')).not.toBeNull());
    expect(frame).not.toHaveTextContent('Loading chart...');
  });

  it('draw the hours by department with their table, which also stands alone', async () => {
    const { container, unmount } = renderWithUi(<DepartmentHoursChart rows={departments} caption="Hours by department in 2025" />);
    const hidden = screen.getByRole('table', { name: 'Hours by department in 2025' });
    expect(isClippedAway(hidden)).toBe(true);
    expect(cellsOf(hidden, 'Engineering')).toEqual(['13.5', '2']);
    await waitFor(() => expect(container.querySelector('[aria-hidden="true"] .recharts-responsive-container')).not.toBeNull());
    unmount();

    renderWithUi(<DepartmentHoursTable rows={departments} caption="Hours by department in 2025" />);
    const table = screen.getByRole('table', { name: 'Hours by department in 2025' });
    expect(isClippedAway(table)).toBe(false);
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DepartmentHoursPeople who trained', 'Engineering13.52', 'Finance6.251']);
  });
});
