import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminNotificationKind, AdminNotifications, NotificationKind } from '@tht/contracts';
import { fakeApi, renderWithUi, type ApiCall } from '@tht/ui/testing';
import { toasts } from '../testing/toasts';
import Notifications from './Notifications';

const LABELS: Record<NotificationKind, string> = {
  'behind-pace': 'Behind pace',
  team: 'Your team',
  'year-end': 'Year end',
  'certificate-expiring': 'Certificate expiring',
};

function aKind(kind: NotificationKind, overrides: Partial<AdminNotificationKind> = {}): AdminNotificationKind {
  return {
    kind,
    label: LABELS[kind],
    description: `Who gets ${LABELS[kind]}`,
    enabled: true,
    lastRun: null,
    outbox: { queued: 0, sent: 0, failed: 0, lastError: null, lastErrorAt: null },
    ...overrides,
  };
}

function notificationsApi(initial: AdminNotifications) {
  let state = initial;
  const calls: ApiCall[] = [];
  const setKind = (kind: string, change: Partial<AdminNotificationKind>) => {
    state = { ...state, kinds: state.kinds.map((entry) => (entry.kind === kind ? { ...entry, ...change } : entry)) };
    return state.kinds.find((entry) => entry.kind === kind)!;
  };
  fakeApi({
    getAdminNotifications: () => state,
    switchOrganisationNotification: (call) => {
      calls.push(call);
      return setKind(call.path.split('/').at(-1)!, { enabled: (call.body as { enabled: boolean }).enabled });
    },
    runNotification: (call) => {
      calls.push(call);
      const kind = call.path.split('/').at(-2)! as NotificationKind;
      setKind(kind, { lastRun: { at: '2026-11-28T10:00:00.000Z', asOf: '2026-11-28', queued: 3, trigger: 'admin' } });
      return { kind, asOf: '2026-11-28', queued: 3 };
    },
    previewNotification: (call) => ({
      kind: call.path.split('/').at(-2) as NotificationKind,
      subject: "Your team's training progress, November 2026",
      text: 'Hello Alex,\n\nName  Hours',
      html: '<!DOCTYPE html><html><body><table role="presentation"><tr><td>Hello Alex,</td></tr></table></body></html>',
    }),
  });
  return calls;
}

const card = (name: string) => screen.findByRole('region', { name });

describe('the Notifications tab', () => {
  it("shows each kind's switch, last run and outbox, and says when SMTP is not configured", async () => {
    notificationsApi({
      smtpConfigured: false,
      kinds: [
        aKind('behind-pace', {
          lastRun: { at: '2026-11-01T06:00:00.000Z', asOf: '2026-11-01', queued: 12, trigger: 'schedule' },
          outbox: { queued: 2, sent: 10, failed: 1, lastError: '421 Try again later', lastErrorAt: '2026-11-01T06:05:00.000Z' },
        }),
        aKind('team', { enabled: false }),
        aKind('year-end'),
        aKind('certificate-expiring'),
      ],
    });
    renderWithUi(<Notifications />);
    expect(await screen.findByText('SMTP is not configured: no mail is sent')).toHaveAttribute('role', 'status');
    const behindPace = within(await card('Behind pace'));
    expect(behindPace.getByRole('checkbox', { name: 'Send Behind pace reminders' })).toBeChecked();
    expect(behindPace.getByText(/on schedule, as of 2026-11-01: 12 mails queued/)).toBeInTheDocument();
    expect(behindPace.getByText('2 queued, 10 sent, 1 failed')).toBeInTheDocument();
    expect(behindPace.getByText(/^421 Try again later/)).toBeInTheDocument();
    const team = within(await card('Your team'));
    expect(team.getByRole('checkbox', { name: 'Send Your team reminders' })).not.toBeChecked();
    expect(team.getByText('Never run')).toBeInTheDocument();
    expect(team.getByRole('button', { name: 'Run now' })).toBeDisabled();
  });

  it('says nothing of SMTP when it is configured', async () => {
    notificationsApi({ smtpConfigured: true, kinds: [aKind('behind-pace')] });
    renderWithUi(<Notifications />);
    await card('Behind pace');
    expect(screen.queryByText('SMTP is not configured: no mail is sent')).not.toBeInTheDocument();
  });

  it('turns a kind off for everyone and runs one now, telling how many mails were queued', async () => {
    const calls = notificationsApi({ smtpConfigured: true, kinds: [aKind('behind-pace'), aKind('year-end')] });
    const user = userEvent.setup();
    renderWithUi(<Notifications />);
    const yearEnd = within(await card('Year end'));
    await user.click(yearEnd.getByRole('checkbox', { name: 'Send Year end reminders' }));
    expect(await toasts().findByText('Year end reminders off for everyone')).toBeInTheDocument();
    expect(yearEnd.getByRole('checkbox', { name: 'Send Year end reminders' })).not.toBeChecked();

    const behindPace = within(await card('Behind pace'));
    await user.click(behindPace.getByRole('button', { name: 'Run now' }));
    expect(await toasts().findByText('Behind pace reminders run')).toBeInTheDocument();
    expect(toasts().getByText('3 mails queued')).toBeInTheDocument();
    expect(await behindPace.findByText(/by an administrator, as of 2026-11-28: 3 mails queued/)).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body)}`)).toEqual([
      'PUT /api/admin/notifications/year-end {"enabled":false}',
      'POST /api/admin/notifications/behind-pace/run {}',
    ]);
  });

  it('previews the mail of a kind: the HTML in a sandboxed frame and the plain text', async () => {
    notificationsApi({ smtpConfigured: true, kinds: [aKind('team')] });
    const user = userEvent.setup();
    renderWithUi(<Notifications />);
    const team = within(await card('Your team'));
    await user.click(team.getByRole('button', { name: 'Preview' }));
    const preview = within(await team.findByRole('region', { name: 'Preview of the Your team mail' }));
    expect(preview.getByText("Your team's training progress, November 2026")).toBeInTheDocument();
    const frame = preview.getByTitle('Your team mail as HTML');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<table role="presentation">');
    expect(preview.getByLabelText('Your team mail as plain text')).toHaveTextContent('Hello Alex,');
  });
});
