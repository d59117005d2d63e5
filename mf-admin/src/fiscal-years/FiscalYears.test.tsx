import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FiscalYear } from '@tht/contracts';
import { fakeApi, renderWithUi, reply, type ApiCall } from '@tht/ui/testing';
import { toasts } from '../testing/toasts';
import FiscalYears from './FiscalYears';

const THIS_YEAR = new Date().getFullYear();

function aFiscalYear(year: number, targetHours = 1200): FiscalYear {
  return {
    id: year,
    year,
    targetHours,
    description: `Organisation-wide training target for ${year}`,
    createdAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2025-01-10T09:00:00.000Z',
  };
}

function fiscalYearsApi(initial: FiscalYear[]) {
  let fiscalYears = initial;
  return fakeApi({
    listFiscalYears: () => fiscalYears,
    createFiscalYear: (call: ApiCall) => {
      const body = call.body as { year: number; targetHours: number; description: string };
      if (fiscalYears.some((fiscalYear) => fiscalYear.year === body.year)) {
        return reply(409, { error: `A yearly target for ${body.year} already exists` });
      }
      const created = { ...aFiscalYear(body.year, body.targetHours), description: body.description };
      fiscalYears = [created, ...fiscalYears];
      return reply(201, created);
    },
  });
}

const form = () => screen.getByRole('form', { name: 'Add Fiscal Year' });

describe('Fiscal Years', () => {
  it("lists each year with its target, description and created date, marking this year 'Current'", async () => {
    fiscalYearsApi([aFiscalYear(THIS_YEAR + 1, 1500), aFiscalYear(THIS_YEAR)]);
    renderWithUi(<FiscalYears />);
    const table = await screen.findByRole('table', { name: 'Fiscal years' });
    const [next, current] = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(within(next!).getByRole('rowheader')).toHaveTextContent(String(THIS_YEAR + 1));
    expect(cells(next!)).toEqual([
      '1500',
      `Organisation-wide training target for ${THIS_YEAR + 1}`,
      new Date('2025-01-10T09:00:00.000Z').toLocaleDateString(),
    ]);
    expect(within(next!).queryByText('Current')).not.toBeInTheDocument();
    expect(within(current!).getByText('Current')).toBeInTheDocument();
  });

  it('says when no fiscal year is configured', async () => {
    fiscalYearsApi([]);
    renderWithUi(<FiscalYears />);
    expect(await screen.findByText('No fiscal years configured yet.')).toBeInTheDocument();
  });

  it("says 'Failed to fetch fiscal years' when the list cannot be read", async () => {
    fakeApi({ listFiscalYears: reply(500, { error: 'Internal server error' }) });
    renderWithUi(<FiscalYears />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch fiscal years');
  });

  it('adds next year by default, with the organisation-wide description that follows the year', async () => {
    const api = fiscalYearsApi([]);
    const user = userEvent.setup();
    renderWithUi(<FiscalYears />);
    expect(within(form()).getByLabelText('Year')).toHaveValue(THIS_YEAR + 1);
    expect(within(form()).getByLabelText('Description')).toHaveValue(`Organisation-wide training target for ${THIS_YEAR + 1}`);
    const year = within(form()).getByLabelText('Year');
    await user.clear(year);
    await user.type(year, '2040');
    expect(within(form()).getByLabelText('Description')).toHaveValue('Organisation-wide training target for 2040');
    await user.type(within(form()).getByLabelText('Target Hours'), '1250.5');
    await user.click(within(form()).getByRole('button', { name: 'Add Fiscal Year' }));

    expect(await toasts().findByText('Fiscal year 2040 created')).toBeInTheDocument();
    expect(api.callsOf('createFiscalYear')[0]?.body).toEqual({
      year: 2040,
      targetHours: 1250.5,
      description: 'Organisation-wide training target for 2040',
    });
    expect(await screen.findByRole('rowheader', { name: '2040' })).toBeInTheDocument();
  });

  it('keeps a description the admin wrote when the year changes', async () => {
    fiscalYearsApi([]);
    const user = userEvent.setup();
    renderWithUi(<FiscalYears />);
    const description = within(form()).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Compliance year');
    await user.type(within(form()).getByLabelText('Year'), '{Backspace}9');
    expect(description).toHaveValue('Compliance year');
  });

  it('refuses target hours of 0 and a year outside 2020-2050 with their messages', async () => {
    const api = fiscalYearsApi([]);
    const user = userEvent.setup();
    renderWithUi(<FiscalYears />);
    const year = within(form()).getByLabelText('Year');
    await user.clear(year);
    await user.type(year, '2051');
    await user.type(within(form()).getByLabelText('Target Hours'), '0');
    await user.click(within(form()).getByRole('button', { name: 'Add Fiscal Year' }));
    expect(await within(form()).findByText('Please enter a valid target hours amount')).toBeInTheDocument();
    expect(within(form()).getByText('Year must be a whole number from 2020 to 2050')).toBeInTheDocument();
    expect(api.callsOf('createFiscalYear')).toHaveLength(0);
  });

  it("says 'Failed to create fiscal year' with the server's reason", async () => {
    fiscalYearsApi([aFiscalYear(THIS_YEAR + 1)]);
    const user = userEvent.setup();
    renderWithUi(<FiscalYears />);
    await user.type(within(form()).getByLabelText('Target Hours'), '100');
    await user.click(within(form()).getByRole('button', { name: 'Add Fiscal Year' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create fiscal year');
    expect(alert).toHaveTextContent(`A yearly target for ${THIS_YEAR + 1} already exists`);
  });
});
