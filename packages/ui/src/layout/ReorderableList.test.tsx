import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { moveTo } from './storedOrder';
import { ReorderableList } from './ReorderableList';

const FIELDS = [
  { id: 1, title: 'Venue' },
  { id: 2, title: 'Cost centre' },
  { id: 3, title: 'Provider' },
];

const ROW_HEIGHT = 40;

/** happy-dom lays nothing out: each row gets a box in a column, as a browser would draw the list. */
function layOutRowsInAColumn() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const list = this.parentElement;
    if (this.tagName !== 'LI' || list?.getAttribute('aria-label') !== 'Fields') return new DOMRect(0, 0, 0, 0);
    return new DOMRect(0, [...list.children].indexOf(this) * (ROW_HEIGHT + 8), 600, ROW_HEIGHT);
  });
}

/** The caller keeps the order, as a screen keeps the server's. */
function Fields({ onMove }: { onMove: (id: number, index: number) => void }) {
  const [order, setOrder] = useState(FIELDS.map((field) => field.id));
  const items = order.map((id) => {
    const field = FIELDS.find((candidate) => candidate.id === id)!;
    return { id, title: field.title, content: <span>{field.title} (text)</span> };
  });
  return (
    <ReorderableList
      label="Fields"
      noun="field"
      layout="row"
      items={items}
      onMove={(id, index) => {
        onMove(id, index);
        setOrder((previous) => moveTo(previous, id, index));
      }}
    />
  );
}

function rowOrder(): string[] {
  return within(screen.getByRole('list', { name: 'Fields' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label') ?? '');
}

beforeEach(layOutRowsInAColumn);

describe('ReorderableList', () => {
  it('moves a row with the keyboard, tells the caller the new index and names the items in its instructions', async () => {
    const onMove = vi.fn();
    const user = userEvent.setup();
    renderWithUi(<Fields onMove={onMove} />);
    const handle = await screen.findByRole('button', { name: 'Drag Venue to reorder' });
    await waitFor(() => expect(handle).toHaveAccessibleDescription(/To pick up a field, press Space or Enter/));

    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Venue is over Cost centre, position 2 of 3.')).toBeInTheDocument();
    await user.keyboard(' ');

    expect(onMove).toHaveBeenCalledWith(1, 1);
    expect(rowOrder()).toEqual(['Cost centre', 'Venue', 'Provider']);
  });

  it('moves a row one place with its buttons', async () => {
    const onMove = vi.fn();
    const user = userEvent.setup();
    renderWithUi(<Fields onMove={onMove} />);
    await user.click(await screen.findByRole('button', { name: 'Move Provider up' }));
    expect(onMove).toHaveBeenCalledWith(3, 1);
    expect(rowOrder()).toEqual(['Venue', 'Provider', 'Cost centre']);
    expect(screen.getByText('Provider moved to position 2 of 3')).toBeInTheDocument();
  });
});
