import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { hoursProgress, ProgressBar } from './ProgressBar';

const fillOf = (bar: HTMLElement) => getComputedStyle(bar.firstElementChild!).width;

describe('ProgressBar', () => {
  it('is a progress bar named by its label, out of 100 unless told, filled to its share', () => {
    renderWithUi(<ProgressBar label="Import progress" value={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).not.toHaveAttribute('aria-valuetext');
    expect(fillOf(bar)).toBe('40%');
  });

  it('reads hours against a target as "x of y hours", full at the target and beyond', () => {
    renderWithUi(<ProgressBar label="Progress towards your 2025 target" {...hoursProgress(50, 40)} />);
    const bar = screen.getByRole('progressbar', { name: 'Progress towards your 2025 target' });
    expect(bar).toHaveAttribute('aria-valuemax', '40');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '50 of 40 hours');
    expect(fillOf(bar)).toBe('100%');
  });

  it('counts a target of 0 as reached', () => {
    renderWithUi(<ProgressBar label="No target" {...hoursProgress(0, 0)} />);
    expect(fillOf(screen.getByRole('progressbar', { name: 'No target' }))).toBe('100%');
  });
});
