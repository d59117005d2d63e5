import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('shows its loading text and announces it as a status', () => {
    renderWithUi(<Spinner label="Loading employees..." />);
    expect(screen.getByRole('status', { name: 'Loading employees...' })).toBeInTheDocument();
    expect(screen.getByText('Loading employees...')).toBeVisible();
  });

  it("reads 'Loading...' by default", () => {
    renderWithUi(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading...' })).toHaveTextContent('Loading...');
  });
});
