import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../primitives/Button';
import { renderWithUi } from '../testing/renderWithUi';
import { useToast, type ToastMessage } from './ToastProvider';

function Trigger({ message, label }: { message: ToastMessage; label: string }) {
  const { showToast } = useToast();
  return <Button onClick={() => showToast(message)}>{label}</Button>;
}

function renderTriggers() {
  renderWithUi(
    <>
      <Trigger label="succeed" message={{ title: 'Entry saved', description: 'All good' }} />
      <Trigger label="fail" message={{ title: 'Delete failed', description: '500: boom', variant: 'destructive' }} />
    </>,
  );
  const region = within(screen.getByRole('region', { name: 'Notifications' }));
  const click = (name: string) => act(() => screen.getByRole('button', { name }).click());
  return { region, click };
}

describe('toasts', () => {
  it('announces a success as a status for 6 seconds', () => {
    vi.useFakeTimers();
    const { region, click } = renderTriggers();
    click('succeed');
    expect(region.getByRole('status')).toHaveTextContent('Entry savedAll good');
    act(() => {
      vi.advanceTimersByTime(5999);
    });
    expect(region.getByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces a failure as an alert for 8 seconds', () => {
    vi.useFakeTimers();
    const { region, click } = renderTriggers();
    click('fail');
    expect(region.getByRole('alert')).toHaveTextContent('Delete failed500: boom');
    act(() => {
      vi.advanceTimersByTime(7999);
    });
    expect(region.getByRole('alert')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows one toast at a time, the newest replacing the current one with a fresh timer', () => {
    vi.useFakeTimers();
    const { region, click } = renderTriggers();
    click('fail');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    click('succeed');
    expect(region.queryByRole('alert')).not.toBeInTheDocument();
    expect(region.getByRole('status')).toHaveTextContent('Entry saved');
    act(() => {
      vi.advanceTimersByTime(5999);
    });
    expect(region.getByRole('status')).toBeInTheDocument();
  });

  it('can be dismissed', () => {
    const { region, click } = renderTriggers();
    click('succeed');
    act(() => region.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(region.queryByRole('status')).not.toBeInTheDocument();
  });
});
