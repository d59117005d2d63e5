import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAINING_VERBS, type XapiClient } from '@tht/contracts';
import { fakeApi, renderWithUi } from '@tht/ui/testing';
import { toasts } from '../testing/toasts';
import ConnectedSystems from './ConnectedSystems';

const MOODLE: XapiClient = {
  id: '0b6e4a52-52c3-4b61-9a4e-0b1e7a1c2d01',
  name: 'Moodle',
  key: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  trainingType: 'external',
  enabled: true,
  createdAt: '2026-11-01T09:00:00.000Z',
  verbs: [...DEFAULT_TRAINING_VERBS],
  defaultHours: null,
};

const NEW_ID = '7d1f0c8e-3a56-4c1b-8f7e-2c9d4b6a1e02';
const SECRET = 'shown-once-secret-0123456789abcdefghijklmn';

/** The connected systems' routes over a list that changes as the server's would. */
function systemsApi() {
  let systems: XapiClient[] = [MOODLE];
  return fakeApi({
    listXapiClients: () => systems,
    createXapiClient: ({ body }) => {
      const { name, trainingType } = body as { name: string; trainingType: 'internal' | 'external' };
      systems = [
        ...systems,
        { ...MOODLE, id: NEW_ID, name, key: 'f0e1d2c3b4a5f0e1d2c3b4a5', trainingType, createdAt: '2026-11-28T09:00:00.000Z' },
      ];
      return { id: NEW_ID, key: 'f0e1d2c3b4a5f0e1d2c3b4a5', secret: SECRET };
    },
    setXapiClientEnabled: ({ path, body }) => {
      const id = path.split('/').at(-1);
      systems = systems.map((system) =>
        system.id === id ? { ...system, enabled: (body as { enabled: boolean }).enabled } : system,
      );
      return systems.find((system) => system.id === id);
    },
    deleteXapiClient: ({ path }: { path: string }) => {
      systems = systems.filter((system) => system.id !== path.split('/').at(-1));
      return undefined;
    },
  });
}

describe('ConnectedSystems', () => {
  it('lists the systems with their key, training type and status, never a secret', async () => {
    systemsApi();
    renderWithUi(<ConnectedSystems />);
    const row = await screen.findByRole('row', { name: /Moodle/ });
    expect(row).toHaveTextContent(MOODLE.key);
    expect(row).toHaveTextContent('External');
    expect(row).toHaveTextContent('Enabled');
  });

  it('connects a system and shows its secret once, with a copy button', async () => {
    const api = systemsApi();
    const user = userEvent.setup();
    renderWithUi(<ConnectedSystems />);
    await user.type(await screen.findByLabelText(/System name/), 'Fire safety e-learning');
    await user.selectOptions(screen.getByLabelText(/Its training counts as/), 'internal');
    await user.click(screen.getByRole('button', { name: 'Connect System' }));

    expect(api.callsOf('createXapiClient')[0]?.body).toEqual({ name: 'Fire safety e-learning', trainingType: 'internal' });
    const dialog = await screen.findByRole('dialog', { name: 'Credentials of Fire safety e-learning' });
    expect(dialog).toHaveTextContent(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    // user-event stands in a clipboard for the browser's.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Fire safety e-learning/ })).toHaveTextContent('Internal');
  });

  it('disables and deletes a system', async () => {
    const api = systemsApi();
    const user = userEvent.setup();
    renderWithUi(<ConnectedSystems />);
    await user.click(await screen.findByRole('button', { name: 'Disable Moodle' }));
    expect(api.callsOf('setXapiClientEnabled')[0]?.body).toEqual({ enabled: false });
    expect(await toasts().findByText('System disabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('row', { name: /Moodle/ })).toHaveTextContent('Disabled'));

    await user.click(screen.getByRole('button', { name: 'Delete Moodle' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Connected System' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('No connected systems yet.')).toBeInTheDocument();
    expect(api.callsOf('deleteXapiClient')).toHaveLength(1);
  });
});
