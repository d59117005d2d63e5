import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { SortableTable } from './SortableTable';

interface Course {
  id: number;
  name: string;
  hours: number;
}

const courses: Course[] = [
  { id: 1, name: 'Excel', hours: 2 },
  { id: 2, name: 'Agile', hours: 7.5 },
  { id: 3, name: 'Cloud', hours: 4 },
];

const column = createColumnHelper<Course>();
const columns = [
  column.accessor('name', { header: 'Course' }),
  column.accessor('hours', { header: 'Hours', sortDescFirst: false }),
  column.display({ id: 'open', header: 'Actions', cell: ({ row }) => <button type="button">Open {row.original.name}</button> }),
];

const table = () => screen.getByRole('table', { name: 'Courses' });
const shownNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('SortableTable', () => {
  it('shows the rows as given, with a sort button in each sortable header and none in the others', () => {
    renderWithUi(<SortableTable label="Courses" rows={courses} columns={columns} emptyText="No courses" />);
    expect(shownNames()).toEqual(['Excel', 'Agile', 'Cloud']);
    expect(within(table()).getByRole('button', { name: 'Course' })).toBeInTheDocument();
    expect(within(table()).getByRole('button', { name: 'Hours' })).toBeInTheDocument();
    expect(within(within(table()).getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull();
    for (const header of within(table()).getAllByRole('columnheader')) expect(header).not.toHaveAttribute('aria-sort');
  });

  it('sorts by a column when its header is pressed, then the other way, telling the order with aria-sort', async () => {
    const user = userEvent.setup();
    renderWithUi(<SortableTable label="Courses" rows={courses} columns={columns} emptyText="No courses" />);
    await user.click(within(table()).getByRole('button', { name: 'Hours' }));
    expect(shownNames()).toEqual(['Excel', 'Cloud', 'Agile']);
    expect(within(table()).getByRole('columnheader', { name: 'Hours' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table()).getByRole('button', { name: 'Hours' }));
    expect(shownNames()).toEqual(['Agile', 'Cloud', 'Excel']);
    expect(within(table()).getByRole('columnheader', { name: 'Hours' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table()).getByRole('button', { name: 'Course' }));
    expect(shownNames()).toEqual(['Agile', 'Cloud', 'Excel']);
    expect(within(table()).getByRole('columnheader', { name: 'Course' })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table()).getByRole('columnheader', { name: 'Hours' })).not.toHaveAttribute('aria-sort');
  });

  it('starts in the order given as its initial sorting', () => {
    renderWithUi(
      <SortableTable
        label="Courses"
        rows={courses}
        columns={columns}
        emptyText="No courses"
        initialSorting={[{ id: 'name', desc: true }]}
      />,
    );
    expect(shownNames()).toEqual(['Excel', 'Cloud', 'Agile']);
    expect(within(table()).getByRole('columnheader', { name: 'Course' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('leaves the order of server-sorted rows alone and asks for the order a header press wants', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    renderWithUi(
      <SortableTable
        label="Courses"
        rows={courses}
        columns={columns}
        emptyText="No courses"
        serverSorting={{ sorting: [{ id: 'hours', desc: true }], onChange: (sorting) => asked.push(sorting) }}
      />,
    );
    expect(shownNames()).toEqual(['Excel', 'Agile', 'Cloud']);
    expect(within(table()).getByRole('columnheader', { name: 'Hours' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table()).getByRole('button', { name: 'Course' }));
    expect(asked).toEqual([[{ id: 'name', desc: false }]]);
    expect(shownNames()).toEqual(['Excel', 'Agile', 'Cloud']);
  });

  it('says its empty text instead of an empty table', () => {
    renderWithUi(<SortableTable label="Courses" rows={[]} columns={columns} emptyText="No courses" />);
    expect(screen.getByText('No courses')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
