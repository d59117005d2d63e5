import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aYearlyTarget, dashboardRoutes, hrStats, YEAR } from '../testing/fixtures';
import { renderWithHrApi, Status } from '../testing/hrTestApi';
import { YearlyTargetSection } from './YearlyTargetSection';

const card = () => screen.getByRole('region', { name: `Organisation Target ${YEAR}` });
const toasts = () => screen.getByRole('region', { name: 'Notifications' });

describe('the yearly target card', () => {
  it('shows the organisation against its target, the on-track rule and the hours needed to get back on track', async () => {
    renderWithHrApi(<YearlyTargetSection year={YEAR} asOf={null} />, dashboardRoutes());
    expect(screen.getByRole('status', { name: 'Loading progress data...' })).toBeInTheDocument();
    expect(await screen.findByText('20.75 of 1400 hours')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress towards the organisation target' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    expect(within(card()).getByText('Behind Target')).toBeInTheDocument();
    expect(within(card()).getByText('1100 hours needed to get back on track')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Edit Target' })).toBeInTheDocument();
  });

  it('reads On Track without hours missing when the organisation keeps pace', async () => {
    const onTrack = hrStats({
      totalHours: 1200,
      target: { targetHours: 1400, description: null, progressPercent: 86, onTrack: true, hoursToGetBackOnTrack: 0 },
    });
    renderWithHrApi(<YearlyTargetSection year={YEAR} asOf={null} />, dashboardRoutes({ [`getHrStats?year=${YEAR}`]: onTrack }));
    expect(
      await within(await screen.findByRole('region', { name: `Organisation Target ${YEAR}` })).findByText('On Track'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/needed to get back on track/)).not.toBeInTheDocument();
  });

  it('sets a new company target, then sets it for all employees, with their toasts', async () => {
    const user = userEvent.setup();
    const api = renderWithHrApi(
      <YearlyTargetSection year={YEAR} asOf={null} />,
      dashboardRoutes({
        [`getHrStats?year=${YEAR}`]: hrStats({ target: null }),
        createYearlyTarget: { id: 3, year: YEAR, targetHours: 700, description: null, createdAt: '', updatedAt: '' },
        assignUserTargetsInBulk: {
          year: YEAR,
          targetHours: 100,
          reason: 'Company-wide assignment',
          employees: 7,
          created: 7,
          updated: 0,
          unchanged: 0,
        },
      }),
    );
    expect(await screen.findByText(`No training target set for ${YEAR}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Target' }));
    const dialog = screen.getByRole('dialog', { name: 'Set Target' });
    expect(within(dialog).getByLabelText('Year')).toHaveValue(YEAR);
    await user.type(within(dialog).getByLabelText('Target Hours'), '700');
    await user.click(within(dialog).getByRole('button', { name: 'Set Target' }));
    expect(await within(toasts()).findByText(`Set 100 hour targets for all 7 employees`)).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', url: '/api/yearly-targets', body: { year: YEAR, targetHours: 700, description: null } },
      { method: 'POST', url: '/api/user-targets/bulk', body: { year: YEAR } },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the company target was created and is being set for everyone while the assignment runs', async () => {
    const user = userEvent.setup();
    renderWithHrApi(
      <YearlyTargetSection year={YEAR} asOf={null} />,
      dashboardRoutes({
        [`getHrStats?year=${YEAR}`]: hrStats({ target: null }),
        createYearlyTarget: aYearlyTarget(YEAR, 700),
        assignUserTargetsInBulk: () => new Promise(() => {}),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Set Target' }));
    await user.type(screen.getByLabelText('Target Hours'), '700');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Set Target' }));
    expect(await within(toasts()).findByText('Target created successfully!')).toBeInTheDocument();
    expect(within(toasts()).getByText('Now setting this target for all employees...')).toBeInTheDocument();
  });

  it('checks the form with the contracts rule and reports a refused creation without assigning anything', async () => {
    const user = userEvent.setup();
    const api = renderWithHrApi(
      <YearlyTargetSection year={YEAR} asOf={null} />,
      dashboardRoutes({
        [`getHrStats?year=${YEAR}`]: hrStats({ target: null }),
        createYearlyTarget: new Status(409, { error: `A yearly target for ${YEAR} already exists` }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Set Target' }));
    const dialog = screen.getByRole('dialog', { name: 'Set Target' });
    await user.type(within(dialog).getByLabelText('Target Hours'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Set Target' }));
    expect(within(dialog).getByText('Target hours must be a whole number from 1 to 100000')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Target Hours'));
    await user.type(within(dialog).getByLabelText('Target Hours'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Set Target' }));
    expect(await within(toasts()).findByText('Failed to create target')).toBeInTheDocument();
    expect(within(toasts()).getByText(`A yearly target for ${YEAR} already exists`)).toBeInTheDocument();
    expect(api.writes().map((call) => call.url)).toEqual(['/api/yearly-targets']);
  });

  it('edits the target of the year: the year stays, the hours and description change', async () => {
    const user = userEvent.setup();
    const api = renderWithHrApi(
      <YearlyTargetSection year={YEAR} asOf={null} />,
      dashboardRoutes({ updateYearlyTarget: aYearlyTarget(YEAR, 1500, 'Grow') }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Target' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Target' });
    expect(within(dialog).getByLabelText('Year')).toBeDisabled();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Grow');
    await user.clear(within(dialog).getByLabelText('Target Hours'));
    await user.type(within(dialog).getByLabelText('Target Hours'), '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Update Target' }));
    expect(await within(toasts()).findByText('Target updated successfully!')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PUT', url: `/api/yearly-targets/${YEAR}`, body: { targetHours: 1500, description: 'Grow' } },
    ]);
  });

  it("reports a failed edit as 'Failed to update target: {message}'", async () => {
    const user = userEvent.setup();
    renderWithHrApi(
      <YearlyTargetSection year={YEAR} asOf={null} />,
      dashboardRoutes({ updateYearlyTarget: new Status(403, { error: 'HR or admin access required' }) }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Target' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update Target' }));
    expect(await within(toasts()).findByText('Failed to update target: HR or admin access required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Edit Target' })).toBeInTheDocument());
  });
});
