import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { SortableSections } from './SortableSections';

const STORAGE_KEY = 'test-section-order';
const SECTIONS = [
  { id: 'progress', title: 'Progress', content: <p>Progress content</p> },
  { id: 'stats', title: 'Statistics', content: <p>Statistics content</p> },
  { id: 'entries', title: 'Entries', content: <p>Entries content</p> },
] as const;

const SECTION_HEIGHT = 180;
const SECTION_PITCH = 200;

/** happy-dom lays nothing out: each section gets a box in a column, as a browser would draw the list. */
function layOutSectionsInAColumn() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const list = this.parentElement;
    if (this.tagName !== 'LI' || list?.getAttribute('aria-label') !== 'Sections') return new DOMRect(0, 0, 0, 0);
    return new DOMRect(0, [...list.children].indexOf(this) * SECTION_PITCH, 600, SECTION_HEIGHT);
  });
}

async function renderSections() {
  renderWithUi(<SortableSections label="Sections" storageKey={STORAGE_KEY} sections={SECTIONS} />);
  await screen.findByRole('list', { name: 'Sections' });
}

function sectionOrder(): string[] {
  const list = screen.getByRole('list', { name: 'Sections' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list)
    .map((item) => item.getAttribute('aria-label') ?? '');
}

const storedOrder = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
const handle = (title: string) => screen.getByRole('button', { name: `Drag ${title} to reorder` });

beforeEach(() => {
  layOutSectionsInAColumn();
});

describe('SortableSections with the keyboard', () => {
  it('picks a section up with Space, moves it with the arrow keys, drops it with Space and announces each step', async () => {
    const user = userEvent.setup();
    await renderSections();
    expect(handle('Statistics')).toHaveAttribute('aria-roledescription', 'sortable');
    // dnd-kit adds the instructions the handles point to once it has mounted.
    await waitFor(() => expect(handle('Statistics')).toHaveAccessibleDescription(/press Space or Enter/));

    handle('Statistics').focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Picked up Statistics, position 2 of 3.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Statistics is over Entries, position 3 of 3.')).toBeInTheDocument();
    await user.keyboard(' ');

    expect(await screen.findByText('Statistics dropped at position 3 of 3.')).toBeInTheDocument();
    expect(sectionOrder()).toEqual(['Progress', 'Entries', 'Statistics']);
    expect(storedOrder()).toEqual(['progress', 'entries', 'stats']);
  });

  it('moves a section up with the arrow keys', async () => {
    const user = userEvent.setup();
    await renderSections();
    handle('Entries').focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowUp}');
    expect(await screen.findByText('Entries is over Progress, position 1 of 3.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Entries dropped at position 1 of 3.')).toBeInTheDocument();
    expect(sectionOrder()).toEqual(['Entries', 'Progress', 'Statistics']);
  });

  it('leaves the order as it was when the move is cancelled with Escape', async () => {
    const user = userEvent.setup();
    await renderSections();
    handle('Statistics').focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Moving Statistics was cancelled; it stays at position 2 of 3.')).toBeInTheDocument();
    expect(sectionOrder()).toEqual(['Progress', 'Statistics', 'Entries']);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('SortableSections with a mouse', () => {
  it('drops a dragged section where the pointer lets go of it', async () => {
    await renderSections();
    const start = { clientX: 580, clientY: 2 * SECTION_PITCH + 10 };
    fireEvent.mouseDown(handle('Entries'), { ...start, button: 0 });
    fireEvent.mouseMove(document, { clientX: 580, clientY: start.clientY - 20 });
    fireEvent.mouseMove(document, { clientX: 300, clientY: SECTION_HEIGHT / 2 });
    fireEvent.mouseUp(document, { clientX: 300, clientY: SECTION_HEIGHT / 2 });
    expect(await screen.findByText('Entries dropped at position 1 of 3.')).toBeInTheDocument();
    expect(sectionOrder()).toEqual(['Entries', 'Progress', 'Statistics']);
    expect(storedOrder()).toEqual(['entries', 'progress', 'stats']);
  });

  it('does not start a drag on a click of the handle', async () => {
    const user = userEvent.setup();
    await renderSections();
    await user.click(handle('Entries'));
    expect(sectionOrder()).toEqual(['Progress', 'Statistics', 'Entries']);
    expect(screen.queryByText(/Picked up/)).not.toBeInTheDocument();
  });
});

describe('SortableSections move buttons', () => {
  it('moves a section one place and announces its new position', async () => {
    const user = userEvent.setup();
    await renderSections();
    await user.click(screen.getByRole('button', { name: 'Move Progress down' }));
    expect(sectionOrder()).toEqual(['Statistics', 'Progress', 'Entries']);
    expect(screen.getByText('Progress moved to position 2 of 3')).toBeInTheDocument();
  });
});
