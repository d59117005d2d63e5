import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADL_VERBS, DEFAULT_TRAINING_VERBS, type XapiClient, type XapiUnmatchedStatement } from '@tht/contracts';
import { fakeApi, renderWithUi, type FakeRoutes } from '@tht/ui/testing';
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

const VIEWED = 'http://id.tincanapi.com/verb/viewed';

const UNKNOWN_ACTOR: XapiUnmatchedStatement = {
  statementId: '5a0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
  clientId: MOODLE.id,
  system: 'Moodle',
  actor: 'mailto:nobody@example.com',
  verb: ADL_VERBS.completed,
  activity: 'Fire Safety',
  timestamp: '2026-11-20T09:30:00.000Z',
  stored: '2026-11-20T09:30:01.000Z',
  reason: 'unknown-person',
  message: 'No person of the organisation has this e-mail',
};

/** The connected systems' routes over a list that changes as the server's would; `routes` adds or overrides. */
function systemsApi(routes: FakeRoutes = {}) {
  let systems: XapiClient[] = [MOODLE];
  return fakeApi({
    listXapiUnmatched: { statements: [], total: 0 },
    setXapiTrainingRules: ({ path, body }) => {
      const id = path.split('/').at(-2);
      systems = systems.map((system) =>
        system.id === id ? { ...system, ...(body as Pick<XapiClient, 'verbs' | 'defaultHours'>) } : system,
      );
      return systems.find((system) => system.id === id);
    },
    ...routes,
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

  it("shows each system's endpoint and key, and what counts as its training", async () => {
    systemsApi();
    renderWithUi(<ConnectedSystems />);
    const row = await screen.findByRole('row', { name: /Moodle/ });
    expect(row).toHaveTextContent(`${window.location.origin}/xapi/`);
    expect(row).toHaveTextContent('completed, passed, attended; without a duration: not counted');
  });

  it("sets a system's training rules: the ADL verbs as checkboxes, other verbs typed, default hours", async () => {
    const api = systemsApi();
    const user = userEvent.setup();
    renderWithUi(<ConnectedSystems />);
    await user.click(await screen.findByRole('button', { name: 'Training rules of Moodle' }));
    const dialog = screen.getByRole('dialog', { name: 'Training rules of Moodle' });
    const verbs = within(dialog).getByRole('group', { name: 'Statements that count as training' });
    for (const name of ['completed', 'passed', 'attended']) expect(within(verbs).getByRole('checkbox', { name })).toBeChecked();

    await user.click(within(verbs).getByRole('checkbox', { name: 'attended' }));
    await user.type(within(dialog).getByLabelText('Other verbs'), VIEWED);
    await user.type(within(dialog).getByLabelText('Default hours'), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Rules' }));

    expect(api.callsOf('setXapiTrainingRules')[0]?.body).toEqual({
      verbs: [ADL_VERBS.completed, ADL_VERBS.passed, VIEWED],
      defaultHours: 1.5,
    });
    expect(await toasts().findByText('Training rules saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /Moodle/ })).toHaveTextContent(
        `completed, passed, ${VIEWED}; without a duration: 1.5 hours`,
      ),
    );
  });

  it("refuses bad training rules with the contract's messages, sending nothing", async () => {
    const api = systemsApi();
    const user = userEvent.setup();
    renderWithUi(<ConnectedSystems />);
    await user.click(await screen.findByRole('button', { name: 'Training rules of Moodle' }));
    const dialog = screen.getByRole('dialog', { name: 'Training rules of Moodle' });
    await user.type(within(dialog).getByLabelText('Other verbs'), 'viewed');
    await user.type(within(dialog).getByLabelText('Default hours'), '1.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save Rules' }));

    expect(within(dialog).getByLabelText('Other verbs')).toHaveAccessibleDescription(/Not a verb IRI: viewed/);
    expect(within(dialog).getByLabelText('Default hours')).toHaveAccessibleDescription(/Hours must be in steps of 0.25/);
    expect(within(dialog).getByLabelText('Default hours')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsOf('setXapiTrainingRules')).toHaveLength(0);
  });

  it('lists the unmatched statements: who, what, when, which system and why', async () => {
    systemsApi({ listXapiUnmatched: { statements: [UNKNOWN_ACTOR], total: 1 } });
    renderWithUi(<ConnectedSystems />);
    const unmatched = await screen.findByRole('table', { name: 'Unmatched statements' });
    const row = within(unmatched).getByRole('row', { name: /nobody@example.com/ });
    expect(row).toHaveTextContent('completed Fire Safety');
    expect(within(row).getByText(/2026/).closest('time')).toHaveAttribute('datetime', UNKNOWN_ACTOR.timestamp);
    expect(row).toHaveTextContent('Moodle');
    expect(row).toHaveTextContent('No person of the organisation has this e-mail');
  });

  it('says when no statement is unmatched, and asks again on Refresh', async () => {
    const api = systemsApi();
    const user = userEvent.setup();
    renderWithUi(<ConnectedSystems />);
    expect(
      await screen.findByText('No unmatched statements: every training statement names a person of the organisation.'),
    ).toBeInTheDocument();
    const asked = api.callsOf('listXapiUnmatched').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsOf('listXapiUnmatched').length).toBeGreaterThan(asked));
  });
});
