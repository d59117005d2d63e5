import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toIsoDate } from '@tht/contracts';
import { aSource } from '@tht/ui/testing';
import { anEntry } from '../testing/fixtures';
import { renderWithUi } from '../testing/renderWithUi';
import { EntriesTable } from './EntriesTable';

function daysAgo(days: number): string {
  const today = new Date();
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return toIsoDate(day.getFullYear(), day.getMonth() + 1, day.getDate());
}

const entries = [
  anEntry({ id: 1, trainingName: 'Excel Basics', date: daysAgo(2), beInnovative: false, employeeName: 'Ada Lovelace' }),
  anEntry({ id: 2, trainingName: 'Design Thinking', date: daysAgo(20), beInnovative: true, notes: 'prototyping' }),
  anEntry({ id: 3, trainingName: 'Fire Safety', date: daysAgo(60), beInnovative: false, validUntil: '2099-01-31' }),
  anEntry({ id: 4, trainingName: 'Old Course', date: '1999-05-01', beInnovative: false }),
];

function shownTrainings(): string[] {
  const table = screen.queryByRole('table', { name: 'Training entries' });
  if (!table) return [];
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent?.replace('Be Innovative', '').trim() ?? '');
}

describe('EntriesTable', () => {
  it('lists entries newest first with an Employee column', () => {
    renderWithUi(<EntriesTable entries={entries} onView={() => {}} />);
    expect(screen.getByRole('columnheader', { name: /Employee/ })).toBeInTheDocument();
    expect(shownTrainings()).toEqual(['Excel Basics', 'Design Thinking', 'Fire Safety', 'Old Course']);
    expect(screen.getAllByRole('cell', { name: 'Ada Lovelace' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('columnheader', { name: /Valid until/ })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '31 Jan 2099' })).toBeInTheDocument();
  });

  it('searches names and notes', async () => {
    const user = userEvent.setup();
    renderWithUi(<EntriesTable entries={entries} onView={() => {}} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search entries' }), 'PROTO');
    expect(shownTrainings()).toEqual(['Design Thinking']);
  });

  it('filters by date range and by type, with the empty state when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithUi(<EntriesTable entries={entries} onView={() => {}} />);
    const dateRange = screen.getByRole('combobox', { name: 'Time period' });
    await user.selectOptions(dateRange, 'Last 7 days');
    expect(shownTrainings()).toEqual(['Excel Basics']);
    await user.selectOptions(dateRange, 'Last 30 days');
    expect(shownTrainings()).toEqual(['Excel Basics', 'Design Thinking']);
    await user.selectOptions(dateRange, 'Last 90 days');
    expect(shownTrainings()).toEqual(['Excel Basics', 'Design Thinking', 'Fire Safety']);

    const type = screen.getByRole('combobox', { name: 'Entry type' });
    await user.selectOptions(type, 'Innovative');
    expect(shownTrainings()).toEqual(['Design Thinking']);
    await user.selectOptions(type, 'Standard');
    expect(shownTrainings()).toEqual(['Excel Basics', 'Fire Safety']);

    await user.selectOptions(dateRange, 'Last 7 days');
    await user.type(screen.getByRole('searchbox', { name: 'Search entries' }), 'nothing like this');
    expect(screen.getByText('No entries match your current filters')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts by a column when its header is clicked', async () => {
    const user = userEvent.setup();
    renderWithUi(<EntriesTable entries={entries} onView={() => {}} />);
    await user.click(screen.getByRole('button', { name: /Training Name/ }));
    expect(shownTrainings()).toEqual(['Design Thinking', 'Excel Basics', 'Fire Safety', 'Old Course']);
    expect(screen.getByRole('columnheader', { name: /Training Name/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows edit and delete only where actions are enabled', async () => {
    const user = userEvent.setup();
    const onView = vi.fn();
    const onEdit = vi.fn();
    const view = renderWithUi(<EntriesTable entries={entries.slice(0, 1)} onView={onView} />);
    expect(screen.queryByRole('button', { name: 'Edit Excel Basics' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Excel Basics' }));
    expect(onView).toHaveBeenCalledWith(entries[0]);
    view.unmount();

    renderWithUi(<EntriesTable entries={entries.slice(0, 1)} onView={onView} actions={{ onEdit, onDelete: () => {} }} />);
    await user.click(screen.getByRole('button', { name: 'Edit Excel Basics' }));
    expect(onEdit).toHaveBeenCalledWith(entries[0]);
    expect(screen.getByRole('button', { name: 'Delete Excel Basics' })).toBeInTheDocument();
  });

  it('marks a reported entry "from <system>" with a link to its statement', () => {
    renderWithUi(
      <EntriesTable
        entries={[...entries, anEntry({ id: 5, trainingName: 'Fire Drill', date: daysAgo(1), source: aSource() })]}
        onView={() => {}}
      />,
    );
    const reported = screen.getByRole('row', { name: /Fire Drill/ });
    expect(within(reported).getByText('from Moodle')).toBeInTheDocument();
    expect(within(reported).getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/api/entries/5/statement');
    expect(screen.getAllByRole('link', { name: 'Statement' })).toHaveLength(1);
  });

  it('finds reported entries by the system that reported them', async () => {
    const user = userEvent.setup();
    renderWithUi(
      <EntriesTable entries={[...entries, anEntry({ id: 5, trainingName: 'Fire Drill', source: aSource() })]} onView={() => {}} />,
    );
    await user.type(screen.getByLabelText('Search entries'), 'moodle');
    expect(shownTrainings()).toEqual([expect.stringMatching(/^Fire Drill/)]);
  });
});
