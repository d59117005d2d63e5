import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing/renderWithUi';
import { Tabs } from './Tabs';

const userEvent = userEventLibrary.setup({ delay: null });
const ITEMS = [
  { value: 'one', label: 'One' },
  { value: 'two', label: 'Two' },
  { value: 'three', label: 'Three' },
] as const;

function TabsExample() {
  const [value, setValue] = useState<(typeof ITEMS)[number]['value']>('one');
  return (
    <Tabs label="Sections" items={ITEMS} value={value} onChange={setValue}>
      <p>Content of {value}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('is a named tablist whose selected tab labels the panel', () => {
    renderWithUi(<TabsExample />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'One', selected: true })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Two', selected: false })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('Content of one');
  });

  it('moves with the arrow keys, Home and End, selecting as focus moves', async () => {
    renderWithUi(<TabsExample />);
    await userEvent.click(screen.getByRole('tab', { name: 'One' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Two', selected: true })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three', selected: true })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One', selected: true })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Content of three');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One', selected: true })).toHaveFocus();
  });
});
