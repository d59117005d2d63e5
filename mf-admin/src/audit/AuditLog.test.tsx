import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditLogItem, AuditLogPage, RecordHistory } from '@tht/contracts';
import { aUser, fakeApi, renderWithUi, reply, type ApiCall } from '@tht/ui/testing';
import AuditLog from './AuditLog';

const edit: AuditLogItem = {
  position: '00000000000000000002-00000000000000000009',
  at: '2026-03-12T14:02:00.000Z',
  actor: { id: 1, name: 'Zoe Zimmer' },
  kind: 'entries',
  recordId: '12',
  recordName: 'Safety',
  event: 'EntryEdited',
  summary: 'entry edited: training name Safety, hours 3.5',
};
const creation: AuditLogItem = {
  position: '00000000000000000001-00000000000000000001',
  at: '2026-03-01T08:00:00.000Z',
  actor: { id: null, name: null },
  kind: 'users',
  recordId: '1',
  recordName: 'System Administrator',
  event: 'UserCreated',
  summary: 'user created: email admin@example.com',
};
const failure: AuditLogItem = {
  position: 'security-4',
  at: '2026-02-28T07:00:00.000Z',
  actor: { id: null, name: 'Someone signed out' },
  kind: 'security',
  recordId: null,
  recordName: 'Zoe Zimmer',
  event: 'SignInFailed',
  summary: 'sign-in failed: wrong password, from 203.0.113.7',
};
const history: RecordHistory = {
  kind: 'entries',
  id: '12',
  items: [
    {
      position: edit.position,
      at: edit.at,
      actor: edit.actor,
      event: 'EntryEdited',
      changes: [{ field: 'hours', before: '2', after: '3.5' }],
    },
  ],
};

const aPage = (items: AuditLogItem[], overrides: Partial<AuditLogPage> = {}): AuditLogPage => ({
  items,
  total: items.length,
  totalCapped: false,
  page: 1,
  pageSize: 50,
  ...overrides,
});

function auditApi(log: Parameters<typeof fakeApi>[0]['getAuditLog'] = aPage([edit, creation, failure])) {
  return fakeApi({
    getAuditLog: log,
    listUsers: [aUser({ id: 1, firstName: 'Zoe', lastName: 'Zimmer', email: 'zoe@example.com', username: 'zoe@example.com' })],
    getRecordHistory: history,
  });
}

const logQueries = (api: ReturnType<typeof fakeApi>) =>
  api.callsOf('getAuditLog').map((call: ApiCall) => Object.fromEntries(call.query));

describe('Audit Log tab', () => {
  it('lists the events newest first as the server sends them: time, person acting, record by name and kind, and event', async () => {
    auditApi();
    renderWithUi(<AuditLog />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Zoe Zimmer', 'SafetyTraining entries', 'entry edited: training name Safety, hours 3.5'],
      ['The system', 'System AdministratorUsers', 'user created: email admin@example.com'],
      ['Someone signed out', 'Zoe ZimmerSign-ins and security', 'sign-in failed: wrong password, from 203.0.113.7'],
    ]);
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent(/^\d{1,2} Mar 2026 \d\d:\d\d$/);
    expect(screen.getByText('Showing 1-3 of 3 events')).toBeInTheDocument();
  });

  it('asks the server for the person acting, the record kind and the local days, from page 1 again', async () => {
    const api = auditApi(({ query }: ApiCall) => aPage([edit], { page: Number(query.get('page')), total: 120 }));
    const user = userEvent.setup();
    renderWithUi(<AuditLog />);
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    await user.selectOptions(screen.getByLabelText('Person acting'), 'Zoe Zimmer (zoe@example.com)');
    await user.selectOptions(screen.getByLabelText('Record kind'), 'Training entries');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() =>
      expect(logQueries(api).at(-1)).toEqual({
        page: '1',
        actorId: '1',
        kind: 'entries',
        from: new Date(2026, 2, 1).toISOString(),
        to: new Date(2026, 3, 1).toISOString(),
      }),
    );
    expect(logQueries(api)).toContainEqual({ page: '2' });
    await user.selectOptions(screen.getByLabelText('Person acting'), 'The system');
    await waitFor(() => expect(logQueries(api).at(-1)).toMatchObject({ actorId: 'system' }));
  });

  it("opens a record's history timeline from its row", async () => {
    auditApi();
    const user = userEvent.setup();
    renderWithUi(<AuditLog />);
    await user.click(await screen.findByRole('button', { name: 'History of Safety' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Safety' });
    const timeline = await within(dialog).findByRole('list', { name: 'History of Safety' });
    expect(within(timeline).getByRole('listitem')).toHaveTextContent(/, Zoe Zimmer changed hours 2 -> 3.5$/);
  });

  it("lists a connected system's events under its name and opens its history by its uuid", async () => {
    const clientId = '3f2a8c1e-9b7d-4e21-a0c4-5d6e7f809a1b';
    const disabled: AuditLogItem = {
      ...edit,
      kind: 'xapi-clients',
      recordId: clientId,
      recordName: 'Moodle',
      event: 'XapiClientDisabled',
      summary: 'xapi client disabled: name Moodle',
    };
    const api = fakeApi({
      getAuditLog: aPage([disabled]),
      listUsers: [],
      getRecordHistory: {
        kind: 'xapi-clients',
        id: clientId,
        items: [{ position: edit.position, at: edit.at, actor: edit.actor, event: 'XapiClientDisabled', changes: [] }],
      },
    });
    const user = userEvent.setup();
    renderWithUi(<AuditLog />);
    await user.selectOptions(screen.getByLabelText('Record kind'), 'Connected systems');
    await waitFor(() => expect(logQueries(api).at(-1)).toMatchObject({ kind: 'xapi-clients' }));
    const row = within(await screen.findByRole('table', { name: 'Audit log' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('MoodleConnected systems');
    await user.click(within(row).getByRole('button', { name: 'History of Moodle' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Moodle' });
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent(/Zoe Zimmer: xapi client disabled$/);
    expect(api.callsOf('getRecordHistory').at(-1)?.path).toBe(`/api/history/xapi-clients/${clientId}`);
  });

  it('says when more events match than the pages reach', async () => {
    auditApi(aPage([edit], { total: 10_000, totalCapped: true }));
    renderWithUi(<AuditLog />);
    expect(
      await screen.findByText(/of 10,000\+ events \(10,000\+ match; narrow the dates to see older events\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 200+')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    auditApi(reply(400, { error: 'from must be before to' }));
    renderWithUi(<AuditLog />);
    expect(await screen.findByRole('alert')).toHaveTextContent('from must be before to');
  });
});
