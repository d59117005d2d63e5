import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '@tht/ui/testing';
import { PersonalDataAction } from './PersonalDataAction';

describe("a user row's Personal data action", () => {
  it("offers the person's data as JSON or CSV, downloaded in a new window", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithUi(<PersonalDataAction personId={7} name="Ada Lovelace" />);

    await userEvent.click(screen.getByRole('button', { name: 'Personal data of Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Personal data of Ada Lovelace' });
    expect(dialog).toHaveTextContent('recorded in the audit log');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(open).toHaveBeenCalledWith('/api/users/7/personal-data?format=csv', '_blank', 'noopener');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Personal data of Ada Lovelace' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(open).toHaveBeenLastCalledWith('/api/users/7/personal-data?format=json', '_blank', 'noopener');
  });
});
