import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { employeeApi } from '../testing/employeeApi';
import { renderWithUi } from '../testing/renderWithUi';
import MyDashboard, { MODULE_ORDER_KEY } from './MyDashboard';

function moduleOrder(): string[] {
  const list = screen.getByRole('list', { name: 'Dashboard modules' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list)
    .map((item) => item.getAttribute('aria-label') ?? '');
}

describe('My Dashboard module order', () => {
  it('starts with progress, stats and entries', async () => {
    employeeApi();
    renderWithUi(<MyDashboard />);
    await screen.findByRole('list', { name: 'Dashboard modules' });
    expect(moduleOrder()).toEqual(['Progress', 'Statistics', 'Entries']);
  });

  it('moves a module with its buttons, keeps the order in local storage and restores it on the next visit', async () => {
    employeeApi();
    const user = userEvent.setup();
    const first = renderWithUi(<MyDashboard />);
    await user.click(await screen.findByRole('button', { name: 'Move Entries up' }));
    await user.click(screen.getByRole('button', { name: 'Move Entries up' }));
    expect(moduleOrder()).toEqual(['Entries', 'Progress', 'Statistics']);
    expect(JSON.parse(localStorage.getItem(MODULE_ORDER_KEY) ?? 'null')).toEqual(['entries', 'progress', 'stats']);

    first.unmount();
    renderWithUi(<MyDashboard />);
    await screen.findByRole('list', { name: 'Dashboard modules' });
    expect(moduleOrder()).toEqual(['Entries', 'Progress', 'Statistics']);
  });

  it('does not move the first module further up', async () => {
    employeeApi();
    const user = userEvent.setup();
    renderWithUi(<MyDashboard />);
    const moveUp = await screen.findByRole('button', { name: 'Move Progress up' });
    expect(moveUp).toHaveAttribute('aria-disabled', 'true');
    await user.click(moveUp);
    expect(moduleOrder()).toEqual(['Progress', 'Statistics', 'Entries']);
    expect(localStorage.getItem(MODULE_ORDER_KEY)).toBeNull();
  });

  it('ignores a damaged stored order', async () => {
    localStorage.setItem(MODULE_ORDER_KEY, '["stats","nonsense","stats"]');
    employeeApi();
    renderWithUi(<MyDashboard />);
    await screen.findByRole('list', { name: 'Dashboard modules' });
    expect(moduleOrder()).toEqual(['Statistics', 'Progress', 'Entries']);
  });
});

describe('My Dashboard quick-add labels', () => {
  it("gives the Add Entry dialog's Date and Hours labels to its own fields only", async () => {
    employeeApi();
    const user = userEvent.setup();
    renderWithUi(<MyDashboard />);
    await screen.findByRole('heading', { name: 'Total Hours' });
    await screen.findByRole('progressbar');
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Development Entry' });
    expect(screen.getAllByLabelText(/hours/i)).toEqual([within(dialog).getByRole('spinbutton', { name: 'Hours' })]);
    expect(screen.getAllByLabelText(/date/i)).toEqual([within(dialog).getByLabelText('Date')]);
  });
});
