import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aYearlyTarget, dashboardRoutes, YEAR } from '../testing/fixtures';
import { renderWithHrApi, Status, type HrRoutes } from '../testing/hrTestApi';
import { YearlyTargetSection } from '../yearly-target/YearlyTargetSection';

const toasts = () => screen.getByRole('region', { name: 'Notifications' });

async function openDialog(routes: HrRoutes) {
  const user = userEvent.setup();
  const api = renderWithHrApi(<YearlyTargetSection year={YEAR} asOf={null} />, dashboardRoutes(routes));
  await user.click(await screen.findByRole('button', { name: 'Manage Fiscal Years' }));
  return { user, api, dialog: screen.getByRole('dialog', { name: 'Manage Fiscal Years' }) };
}

describe('Manage Fiscal Years', () => {
  it('lists the fiscal years and adds one, next year by default', async () => {
    const { user, api, dialog } = await openDialog({ createYearlyTarget: aYearlyTarget(YEAR + 1, 1600, 'Next year') });
    expect(await within(dialog).findByRole('rowheader', { name: String(YEAR) })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Year')).toHaveValue(YEAR + 1);
    await user.type(within(dialog).getByLabelText('Target Hours'), '1600');
    await user.type(within(dialog).getByLabelText('Description'), 'Next year');
    await user.click(within(dialog).getByRole('button', { name: 'Add Fiscal Year' }));
    expect(await within(toasts()).findByText(`Fiscal year ${YEAR + 1} created`)).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', url: '/api/yearly-targets', body: { year: YEAR + 1, targetHours: 1600, description: 'Next year' } },
    ]);
  });

  it('says when there are none, and when adding fails', async () => {
    const { user, dialog } = await openDialog({
      listFiscalYears: [],
      createYearlyTarget: new Status(409, { error: `A yearly target for ${YEAR + 1} already exists` }),
    });
    expect(await within(dialog).findByText('No fiscal years configured yet.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Target Hours'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add Fiscal Year' }));
    expect(await within(toasts()).findByText('Failed to create fiscal year')).toBeInTheDocument();
  });

  it("says 'Failed to fetch fiscal years' when the list cannot be read", async () => {
    const { dialog } = await openDialog({ listFiscalYears: new Status(500, { error: 'Internal server error' }) });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to fetch fiscal years');
  });
});
