import { screen, within } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SECOND_FACTOR_MESSAGES } from '@tht/contracts';
import { AppRoutes } from '../App';
import { installFakeApi } from '../testing/fakeApi';
import { fill, renderApp } from '../testing/renderWithShell';

const userEvent = userEventLibrary.setup({ delay: null });

const admin = {
  id: 3,
  username: 'ada@example.com',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin',
  managerId: null,
  managerName: null,
  department: 'Engineering',
  firstLoginRequired: false,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `AAAA-BBBB-CCCC-${String(index).padStart(4, '2')}`);
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/x',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  enrolment: 'v1.sealed',
};

/** A server where two-step sign-in is off until the code 123456 turns it on; `held`: ADMIN_MFA=required holds Ada until then. */
function secondFactorApi({ held = false } = {}) {
  let enabled = false;
  return installFakeApi({
    getCurrentUser: () => ({
      body: {
        user: admin,
        requiresPasswordChange: false,
        hasDirectReports: false,
        passwordSignIn: true,
        ...(held && !enabled ? { secondFactorSetupRequired: true } : {}),
      },
    }),
    getRemoteRegistry: () => ({ body: {} }),
    getOrgConfig: () => ({ body: { orgEmailDomain: 'example.com', passwordLogin: true, sso: null } }),
    getSecondFactor: () => ({ body: { enabled, required: held, recoveryCodesLeft: enabled ? 10 : 0 } }),
    startSecondFactorEnrolment: () => ({ body: enrolment }),
    confirmSecondFactor: ({ body }) => {
      if ((body as { code: string }).code !== '123456') return { status: 400, body: { error: SECOND_FACTOR_MESSAGES.wrongCode } };
      enabled = true;
      return { status: 201, body: { message: 'Two-step sign-in is on', recoveryCodes } };
    },
  });
}

beforeEach(() => {
  // Remote tabs cannot load in happy-dom (no federation containers); their error panels log the failure.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** Scans (the QR code is shown), types the app's code, and turns it on; answers the recovery codes' list. */
async function turnOn(within_: ReturnType<typeof within>) {
  await userEvent.click(await within_.findByRole('button', { name: 'Set up two-step sign-in' }));
  expect(await within_.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', enrolment.qrCode);
  expect(within_.getByText(enrolment.secret)).toBeInTheDocument();
  fill('Code from the app', '000000');
  await userEvent.click(within_.getByRole('button', { name: 'Turn on' }));
  expect(await within_.findByText(SECOND_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();
  fill('Code from the app', '123456');
  await userEvent.click(within_.getByRole('button', { name: 'Turn on' }));
  return within_.findByRole('list', { name: 'Recovery codes' });
}

describe('Two-step sign-in in the account menu', () => {
  it('sets it up with the QR code and the first code, and shows the recovery codes once before the new state', async () => {
    const api = secondFactorApi();
    renderApp('/', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ada Admin' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Two-step sign-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Two-step sign-in' }));

    const codes = await turnOn(dialog);
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    await userEvent.click(dialog.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await dialog.findByText(/Two-step sign-in is on/)).toBeInTheDocument();
    expect(dialog.getByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(api.callsOf('confirmSecondFactor').map((call) => call.body)).toEqual([
      { enrolment: 'v1.sealed', code: '000000' },
      { enrolment: 'v1.sealed', code: '123456' },
    ]);
  });
});

describe('ADMIN_MFA=required', () => {
  it('leads a held administrator to the set-up, and into the app once the recovery codes were saved', async () => {
    secondFactorApi({ held: true });
    const where = renderApp('/', <AppRoutes />);
    const heading = await screen.findByRole('heading', { name: 'Set up two-step sign-in' });
    expect(where()).toBe('/auth');
    expect(screen.getByText(SECOND_FACTOR_MESSAGES.setupRequired)).toBeInTheDocument();
    await turnOn(within(heading.closest('section')!));
    expect(where()).toBe('/auth');
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    await vi.waitFor(() => expect(where()).toBe('/'), { timeout: 10_000 });
  });
});
