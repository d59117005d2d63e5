import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog } from './Dialog';

const userEvent = userEventLibrary.setup({ delay: null });

function DialogExample({ initialFocus }: { initialFocus?: 'first-control' | 'dialog' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Edit Thing" description="Change it" initialFocus={initialFocus}>
        <input aria-label="Name" />
        <Button onClick={() => setOpen(false)}>Done</Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its description', async () => {
    renderWithUi(<DialogExample />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Thing' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Change it');
  });

  it('moves focus inside, keeps it there, closes on Escape and gives focus back', async () => {
    renderWithUi(<DialogExample />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('can focus the dialog itself instead of its first control', async () => {
    renderWithUi(<DialogExample initialFocus="dialog" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Edit Thing' })).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  it('is an alertdialog that starts on Cancel', async () => {
    let confirmed = 0;
    renderWithUi(
      <ConfirmDialog
        open
        title="Delete Entry"
        message="Are you sure?"
        confirmLabel="Delete"
        onConfirm={() => (confirmed += 1)}
        onCancel={() => undefined}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Entry' });
    expect(dialog).toHaveAccessibleDescription('Are you sure?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirmed).toBe(1);
  });
});
