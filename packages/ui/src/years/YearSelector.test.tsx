import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { AVAILABLE_YEARS_ERROR, YearSelector, currentYear } from './YearSelector';

const userEvent = userEventLibrary.setup({ delay: null });

function serveYears(status: number, years: number[] = []) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    requests.push(path);
    return new Response(status === 200 ? JSON.stringify(years) : 'boom', { status });
  });
  return requests;
}

function Example() {
  const [year, setYear] = useState(currentYear);
  return (
    <>
      <YearSelector value={year} onChange={setYear} />
      <p>Showing {year}</p>
    </>
  );
}

describe('YearSelector', () => {
  it('offers the available years, keeps the selected one, and reports the choice', async () => {
    const requests = serveYears(200, [2024, 2023]);
    renderWithUi(<Example />);
    const select = screen.getByRole('combobox', { name: 'Year' });
    await within(select).findByRole('option', { name: '2024' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([String(currentYear()), '2024', '2023']);
    await userEvent.selectOptions(select, '2023');
    expect(screen.getByText('Showing 2023')).toBeInTheDocument();
    expect(requests).toEqual(['/api/available-years']);
  });

  it('says when the years cannot be fetched', async () => {
    serveYears(500);
    renderWithUi(<Example />);
    expect(await screen.findByText(AVAILABLE_YEARS_ERROR)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveAccessibleDescription(AVAILABLE_YEARS_ERROR);
  });
});
