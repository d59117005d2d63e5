import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentYear } from '@tht/ui';
import { fakeApi, renderWithUi, reply, type ApiCall } from '@tht/ui/testing';
import { anEmptyOverview, anOverview } from '../testing/fixtures';
import SmtView from './SmtView';

const year = currentYear();

/** Never answers: the screen stays loading. */
const neverAnswered = () => new Promise<never>(() => {});

/**
 * Shows the SMT View against a fake API answering the overview of each year of `byYear` (an
 * overview, or any answer: a `reply(status, body)`, a promise); the years listed are those years.
 */
function renderView(byYear: Record<number, unknown>) {
  const api = fakeApi({
    listAvailableYears: Object.keys(byYear)
      .map(Number)
      .sort((a, b) => b - a),
    getSmtOverview: (call: ApiCall) => byYear[Number(call.query.get('year'))] ?? reply(404, { error: 'Not found' }),
  });
  renderWithUi(<SmtView />);
  return api;
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

/** A card is the list item around its heading. */
function card(title: string) {
  return screen.getByRole('heading', { name: title }).closest('li')!;
}

describe('SmtView', () => {
  it("shows the year's cards against the year before, the target with its badge, topics, innovation, top courses and departments", async () => {
    renderView({ [year]: anOverview({ year }) });
    expect(screen.getByRole('heading', { name: 'SMT Dashboard', level: 1 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Active Employees' });
    expect(card('Active Employees')).toHaveTextContent(`4of 8 people logged training in ${year}+100% vs ${year - 1} (2)`);
    expect(card('Total Training Hours')).toHaveTextContent(`20hours of training in ${year}+25% vs ${year - 1} (16)`);
    expect(card('Avg Hours per Employee')).toHaveTextContent(`5hours per active employee-38% vs ${year - 1} (8)`);

    const target = section(`Organisational Target ${year}`);
    expect(within(target).getByText('On Track')).toBeInTheDocument();
    expect(within(target).getByText('20 of 25 hours')).toBeInTheDocument();
    expect(
      within(target).getByRole('progressbar', { name: `Progress towards the organisational target of ${year}` }),
    ).toHaveAttribute('aria-valuenow', '80');
    expect(target).toHaveTextContent('80% complete · on track for the time of year');

    expect(
      within(section('Top Enterprise Topics'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Leadership 2 entries', 'Excel 2 entries', 'Risk 1 entry']);
    const innovation = section('Be Innovative');
    expect(innovation).toHaveTextContent('4 innovative entries · 10.75 hours · 44% of all entries');
    expect(
      within(innovation)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Agile Coaching', 'Cloud Security', 'Excel Skills']);
    const courses = within(section('Top Courses by Rating')).getAllByRole('listitem');
    expect(courses[0]).toHaveTextContent('Strategy offsite');
    expect(courses[0]).toHaveTextContent('Sam Smith (Executive), 2025-09-09, 0.25 hours by Board Academy');
    expect(within(courses[0]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(courses).toHaveLength(2);
  });

  it("shows the departments' hours as a table at the press of a button", async () => {
    const user = userEvent.setup();
    renderView({ [year]: anOverview({ year }) });
    const departments = await screen.findByRole('region', { name: 'Hours by Department' });
    await user.click(within(departments).getByRole('button', { name: 'Show as table' }));
    expect(within(departments).getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
    const table = within(departments).getAllByRole('table', { name: `Training hours by department in ${year}` })[0]!;
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DepartmentHoursPeople who trained', 'Engineering13.52', 'Finance6.251', 'Executive0.251']);
  });

  it('shows the loading texts while the overview loads', async () => {
    renderView({ [year]: neverAnswered() });
    for (const text of ['Loading progress data...', 'Loading topics...', 'Loading courses...']) {
      expect(await screen.findByRole('status', { name: text })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('status', { name: 'Loading...' }).length).toBeGreaterThanOrEqual(3);
  });

  it('shows the empty states for a year with no entries and no target', async () => {
    renderView({ [year]: anEmptyOverview(year) });
    for (const text of [
      `No training target set for ${year}`,
      `No innovative entries found for ${year}`,
      `No highly rated courses found for ${year}`,
      'No training topics found for the selected year.',
      `No training records found for ${year}`,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(card('Active Employees')).toHaveTextContent(`No figures for ${year - 1}`);
  });

  it('reads Needs Attention and what is missing when behind', async () => {
    const behind = anOverview({
      year,
      target: {
        targetHours: 1000,
        description: null,
        progressPercent: 75,
        completedPercent: 74.9,
        onTrack: false,
        hoursToGetBackOnTrack: 51,
        badge: 'Needs Attention',
      },
    });
    renderView({ [year]: behind });
    const target = await screen.findByRole('region', { name: `Organisational Target ${year}` });
    expect(await within(target).findByText('Needs Attention')).toBeInTheDocument();
    expect(target).toHaveTextContent('74.9% complete · behind: 51 more hours needed to be on track');
  });

  it('reads Complete at the target', async () => {
    const complete = anOverview({
      year,
      target: {
        targetHours: 20,
        description: null,
        progressPercent: 100,
        completedPercent: 100,
        onTrack: true,
        hoursToGetBackOnTrack: 0,
        badge: 'Complete',
      },
    });
    renderView({ [year]: complete });
    expect(await screen.findByText('Complete')).toBeInTheDocument();
  });

  it('offers no control that changes data: only the year, the day shown, the export and the print view', async () => {
    renderView({ [year]: anOverview({ year }) });
    await screen.findByRole('heading', { name: 'Active Employees' });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Show',
      `Export ${year}`,
      'Print view',
      'Show as table',
    ]);
    expect(screen.getAllByRole('combobox')).toEqual([screen.getByLabelText('Year'), screen.getByLabelText('Format')]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('exports the year shown in the chosen format, in a new window', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderView({ [year]: anOverview({ year }), [year - 1]: anEmptyOverview(year - 1) });
    await user.click(await screen.findByRole('button', { name: `Export ${year}` }));
    expect(open).toHaveBeenLastCalledWith(`/api/export?format=csv&year=${year}`, '_blank', 'noopener');
    await user.selectOptions(screen.getByLabelText('Year'), String(year - 1));
    await user.selectOptions(screen.getByLabelText('Format'), 'xlsx');
    await user.click(screen.getByRole('button', { name: `Export ${year - 1}` }));
    expect(open).toHaveBeenLastCalledWith(`/api/export?format=xlsx&year=${year - 1}`, '_blank', 'noopener');
    expect(await screen.findByText(`No training target set for ${year - 1}`)).toBeInTheDocument();
  });

  it('opens the print dialog from the print view button', async () => {
    const user = userEvent.setup();
    // happy-dom's window has no print(): stub the global the button calls.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderView({ [year]: anOverview({ year }) });
    await user.click(screen.getByRole('button', { name: 'Print view' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says when the overview cannot be loaded', async () => {
    renderView({ [year]: reply(403, { error: 'SMT or admin access required' }) });
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toContain(
      'Failed to load the key figures: SMT or admin access required',
    );
  });
});

describe('SmtView as of a past day', () => {
  it('shows the replay’s progress, then the overview as recorded that day under a banner, and exports that day', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const day = `${year - 1}-12-31`;
    let asked = 0;
    fakeApi({
      listAvailableYears: [year],
      getSmtOverview: (call: ApiCall) =>
        call.query.get('asOf') !== day
          ? anOverview({ year })
          : (asked += 1) === 1
            ? reply(202, { status: 'building', progress: 0.25 })
            : anEmptyOverview(year),
    });
    renderWithUi(<SmtView />);
    await screen.findByRole('heading', { name: 'Active Employees' });
    await user.type(screen.getByLabelText('As of'), day);
    await user.click(screen.getByRole('button', { name: 'Show' }));

    expect(await screen.findByRole('progressbar', { name: `Replaying the records up to the end of ${day}` })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByRole('button', { name: `Export ${year} as of ${day}` })).toBeDisabled();
    await waitFor(() => expect(screen.getByText(`No training target set for ${year}`)).toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByRole('region', { name: 'Figures as of a date' })).toHaveTextContent(
      `Showing the figures as recorded at the end of ${day} (UTC).`,
    );
    await user.click(screen.getByRole('button', { name: `Export ${year} as of ${day}` }));
    expect(open).toHaveBeenLastCalledWith(`/api/export?format=csv&year=${year}&asOf=${day}`, '_blank', 'noopener');
    await user.click(screen.getByRole('button', { name: 'Back to today' }));
    expect(await screen.findByRole('button', { name: `Export ${year}` })).toBeEnabled();
  });
});
