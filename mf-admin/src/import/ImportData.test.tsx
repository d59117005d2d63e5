import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminRoutes, emptyImportCounts, type ImportJob, type ImportReport } from '@tht/contracts';
import { useRead } from '@tht/ui';
import { fakeApi, renderWithUi, reply, type ApiCall } from '@tht/ui/testing';
import { aUser } from '../testing/fixtures';
import { toasts } from '../testing/toasts';
import ImportData from './ImportData';

const JOB_ID = '5b3d2f34-8a51-4c1e-9a7e-3f0b8c2d1e00';

function aReport(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    format: 'export-csv',
    fileName: 'entries.csv',
    rows: 4,
    failed: 1,
    errors: [{ sheet: 'CSV', row: 3, message: 'Missing or invalid date format' }],
    duplicates: 1,
    toCreate: { ...emptyImportCounts(), entries: 2 },
    unchanged: emptyImportCounts(),
    needsTargetUser: false,
    privilegedAccounts: [],
    rolesConfirmation: null,
    ...overrides,
  };
}

function aJob(processed: number, status: ImportJob['status'] = 'running'): ImportJob {
  return {
    id: JOB_ID,
    status,
    report: aReport(),
    total: 2,
    processed,
    created: { ...emptyImportCounts(), entries: processed },
    error: null,
    startedAt: '2026-03-02T10:00:00.000Z',
    finishedAt: status === 'running' ? null : '2026-03-02T10:00:01.000Z',
  };
}

const csv = (name = 'entries.csv') => new File(['trainingName,date\nExcel,2026-03-02\n'], name, { type: 'text/csv' });
const fileInput = () => screen.getByLabelText('Choose a file to import');
const uploadedName = (call: ApiCall | undefined) => ((call?.body as FormData).get('file') as File).name;
const query = (call: ApiCall | undefined) => Object.fromEntries(call?.query ?? []);

/** Reads the admin stats, as the overview cards do, so the test sees them refreshed. */
function StatsReader() {
  useRead(adminRoutes.getAdminStats, {});
  return null;
}

describe('Import Data', () => {
  it('checks a picked file first: rows, the bad rows by number, duplicates and what it adds', async () => {
    const api = fakeApi({ importFile: aReport() });
    const user = userEvent.setup();
    renderWithUi(<ImportData />);
    await user.upload(fileInput(), csv());

    const check = await screen.findByRole('region', { name: 'Check of the file' });
    expect(query(api.callsOf('importFile')[0])).toEqual({ dryRun: 'true' });
    expect(uploadedName(api.callsOf('importFile')[0])).toBe('entries.csv');
    expect(check).toHaveTextContent('Rows read4');
    expect(check).toHaveTextContent('Rows with errors (skipped)1');
    expect(check).toHaveTextContent('Duplicate entries (skipped)1');
    const errors = within(check).getByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getByRole('row', { name: /3/ })).toHaveTextContent('Missing or invalid date format');
    expect(within(check).getByRole('table', { name: 'Records in the file' })).toHaveTextContent('Entries20');
    expect(screen.getByRole('button', { name: 'Import 2 records' })).toBeEnabled();
  });

  it('imports after confirmation with a progress bar, then says so with the duplicates skipped and refreshes the reads', async () => {
    let progressReads = 0;
    const api = fakeApi({
      importFile: ({ query: params }: ApiCall) => (params.get('dryRun') === 'true' ? aReport() : reply(202, aJob(0))),
      getImportProgress: () => {
        progressReads += 1;
        return progressReads === 1 ? aJob(1) : aJob(2, 'completed');
      },
      getAdminStats: { totalUsers: 1, totalEntries: 2, totalHours: 3, totalDepartments: 1 },
    });
    const user = userEvent.setup();
    renderWithUi(
      <>
        <StatsReader />
        <ImportData />
      </>,
    );
    await user.upload(fileInput(), csv());
    await user.click(await screen.findByRole('button', { name: 'Import 2 records' }));

    const progress = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('1 of 2 records written (50%)')).toBeInTheDocument();
    expect(await toasts().findByText('Data import completed successfully!')).toBeInTheDocument();
    expect(toasts().getByText('1 duplicate entry skipped. 1 row with errors skipped.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(query(api.callsOf('importFile')[1])).toEqual({ dryRun: 'false' });
    await waitFor(() => expect(api.callsOf('getAdminStats')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(screen.getByLabelText('Choose a file to import')).toBeInTheDocument();
  });

  it('lists the new accounts above employee with their roles, and imports only after the admin confirms those roles', async () => {
    const privileged = aReport({
      format: 'export-xlsx',
      fileName: 'org.xlsx',
      rows: 3,
      failed: 0,
      errors: [],
      duplicates: 0,
      toCreate: { ...emptyImportCounts(), users: 3 },
      privilegedAccounts: [
        { sheet: 'Users', row: 2, email: 'quiet.admin@example.com', firstName: 'Quiet', lastName: 'Admin', role: 'admin' },
        { sheet: 'Users', row: 4, email: 'new.lead@example.com', firstName: 'New', lastName: 'Lead', role: 'manager' },
      ],
      rolesConfirmation: 'the-check-of-these-roles',
    });
    const api = fakeApi({
      importFile: ({ query: params }: ApiCall) => (params.get('dryRun') === 'true' ? privileged : reply(202, aJob(0))),
      getImportProgress: aJob(2, 'completed'),
    });
    const user = userEvent.setup();
    renderWithUi(<ImportData />);
    await user.upload(fileInput(), new File(['workbook'], 'org.xlsx'));

    const check = await screen.findByRole('region', { name: 'Check of the file' });
    const accounts = within(check).getByRole('table', { name: 'New accounts with a role above employee' });
    expect(within(accounts).getByRole('row', { name: /Quiet Admin/ })).toHaveTextContent('quiet.admin@example.comAdminUsers 2');
    expect(within(accounts).getByRole('row', { name: /New Lead/ })).toHaveTextContent('new.lead@example.comManagerUsers 4');

    await user.click(screen.getByRole('button', { name: 'Import 3 records' }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Give these roles?' });
    expect(confirmation).toHaveTextContent('This file creates 2 accounts with a role above employee (1 Admin, 1 Manager)');
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsOf('importFile')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Import 3 records' }));
    await user.click(await screen.findByRole('button', { name: 'Import and give these roles' }));
    await toasts().findByText('Data import completed successfully!');
    expect(query(api.callsOf('importFile')[1])).toEqual({ dryRun: 'false', confirmRoles: 'the-check-of-these-roles' });
  });

  it('refuses a file of another type before sending it', async () => {
    const api = fakeApi({});
    renderWithUi(<ImportData />);
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only CSV (.csv), Excel (.xlsx) and export with evidence (.zip) files can be imported',
    );
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's refusal of a broken file as an Import Error", async () => {
    fakeApi({ importFile: reply(400, { error: 'The file could not be read as XLSX: not a zip file' }) });
    renderWithUi(<ImportData />);
    const dropZone = screen.getByText(/Drop a CSV or Excel/).parentElement!;
    fireEvent.drop(dropZone, { dataTransfer: { files: [new File(['junk'], 'broken.xlsx')] } });
    const alert = await toasts().findByRole('alert');
    expect(alert).toHaveTextContent('Import Error');
    expect(alert).toHaveTextContent('The file could not be read as XLSX: not a zip file');
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  it('asks whose entries a grid CSV holds and checks it again for that employee', async () => {
    const api = fakeApi({
      listUsers: [aUser(), aUser({ id: 1, firstName: 'System', lastName: 'Administrator', role: 'admin' })],
      importFile: ({ query: params }: ApiCall) =>
        params.get('dryRun') === 'false'
          ? reply(202, aJob(0))
          : aReport({ format: 'grid-csv', needsTargetUser: !params.get('targetUserId'), failed: 0, errors: [], duplicates: 0 }),
      getImportProgress: aJob(2, 'completed'),
    });
    const user = userEvent.setup();
    renderWithUi(<ImportData />);
    await user.upload(fileInput(), csv('grid.csv'));
    expect(await screen.findByText(/No employee selected/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 records' })).toBeDisabled();

    await user.selectOptions(
      await screen.findByLabelText('Employee whose entries these are'),
      'Ada Lovelace (ada.lovelace@example.com)',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import 2 records' })).toBeEnabled());
    expect(query(api.callsOf('importFile')[1])).toEqual({ dryRun: 'true', targetUserId: '7' });
    await user.click(screen.getByRole('button', { name: 'Import 2 records' }));
    await toasts().findByText('Data import completed successfully!');
    expect(query(api.callsOf('importFile')[2])).toEqual({ dryRun: 'false', targetUserId: '7' });
  });
});
