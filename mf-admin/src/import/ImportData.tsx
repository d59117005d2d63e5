import { useEffect, useRef, useState } from 'react';
import { ADMIN_MESSAGES as M, type ImportJob, type ImportReport, type UserSummary } from '@tht/contracts';
import {
  Button,
  Card,
  CardTitle,
  ConfirmDialog,
  DialogActions,
  errorMessageOf,
  FieldError,
  formatFileSize,
  Spinner,
  useToast,
} from '@tht/ui';
import { EmployeePicker } from '../bulk-import/EmployeePicker';
import { FileDrop } from './FileDrop';
import { fileProblem, rolesSummary, totalOf } from './importFile';
import { ImportProgress } from './ImportProgress';
import { ImportReportView } from './ImportReportView';
import { useImportCheck, useImportJob, useRefreshAfterImport, useStartImport } from './importApi';

const IMPORT_ERROR = 'Import Error';

function finishedDescription(job: ImportJob): string {
  const failed =
    job.report.failed > 0 ? ` ${job.report.failed} ${job.report.failed === 1 ? 'row' : 'rows'} with errors skipped.` : '';
  return `${M.duplicatesSkipped(job.report.duplicates)}.${failed}`;
}

/** Tells once how a started import ended (toast, refreshed reads) and shows its progress meanwhile. */
function RunningImport({ jobId, onDone }: { jobId: string; onDone: () => void }) {
  const { job, error } = useImportJob(jobId);
  const { showToast } = useToast();
  const refreshAfterImport = useRefreshAfterImport();
  const told = useRef(false);

  useEffect(() => {
    if (!job || job.status === 'running' || told.current) return;
    told.current = true;
    if (job.status === 'completed') showToast({ title: M.importSucceeded, description: finishedDescription(job) });
    else showToast({ title: IMPORT_ERROR, description: job.error ?? 'The import stopped.', variant: 'destructive' });
    void refreshAfterImport();
  }, [job, showToast, refreshAfterImport]);

  if (error)
    return (
      <FieldError role="alert">The import's progress could not be read: {errorMessageOf(error, 'please try again.')}</FieldError>
    );
  if (!job) return <Spinner label="Starting the import..." />;
  return (
    <section aria-label="Import">
      <ImportProgress job={job} />
      {job.status === 'completed' && <p role="status">{M.importSucceeded}</p>}
      {job.status === 'failed' && <FieldError role="alert">{job.error}</FieldError>}
      {job.status !== 'running' && (
        <DialogActions>
          <Button onClick={onDone}>Import another file</Button>
        </DialogActions>
      )}
    </section>
  );
}

/** The confirmation step of a file that creates accounts with a role above employee (listed in its check above). */
function RolesConfirmation({ report, onConfirm, onCancel }: { report: ImportReport; onConfirm: () => void; onCancel: () => void }) {
  const count = report.privilegedAccounts.length;
  return (
    <ConfirmDialog
      open
      title="Give these roles?"
      message={`This file creates ${count} ${count === 1 ? 'account' : 'accounts'} with a role above employee (${rolesSummary(report.privilegedAccounts)}), listed in the check of the file. Import it and give them these roles?`}
      confirmLabel="Import and give these roles"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/**
 * Import Data: pick or drop a file; it is checked first (dry run: rows, errors by row, duplicates,
 * what it adds, the new accounts above employee); the admin confirms, once more for those roles;
 * a progress bar follows the import; at the end a toast says 'Data import completed successfully!'
 * with the duplicates skipped, and every read is refreshed.
 */
export default function ImportData() {
  const check = useImportCheck();
  const start = useStartImport();
  const { showToast } = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [employee, setEmployee] = useState<UserSummary | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [confirmingRoles, setConfirmingRoles] = useState(false);

  function reset() {
    setFile(null);
    setEmployee(null);
    setReport(null);
    setProblem(null);
    setJobId(null);
    setConfirmingRoles(false);
  }

  async function checkFile(picked: File, target: UserSummary | null) {
    setReport(null);
    setProblem(null);
    try {
      setReport(await check.run({ file: picked, targetUserId: target?.id }));
    } catch (error) {
      const message = errorMessageOf(error, 'The file could not be checked.');
      setProblem(message);
      showToast({ title: IMPORT_ERROR, description: message, variant: 'destructive' });
    }
  }

  function pick(picked: File) {
    reset();
    setFile(picked);
    const local = fileProblem(picked);
    if (local) setProblem(local);
    else void checkFile(picked, null);
  }

  function pickEmployee(target: UserSummary | null) {
    setEmployee(target);
    if (file) void checkFile(file, target);
  }

  async function confirm() {
    if (!file || !report) return;
    setConfirmingRoles(false);
    try {
      const job = await start.run({ file, targetUserId: employee?.id, confirmRoles: report.rolesConfirmation ?? undefined });
      setJobId(job.id);
    } catch (error) {
      showToast({ title: IMPORT_ERROR, description: errorMessageOf(error, 'The import could not start.'), variant: 'destructive' });
    }
  }

  const toWrite = report ? totalOf(report.toCreate) : 0;
  const needsEmployee = report?.needsTargetUser === true || (report?.format === 'grid-csv' && !employee);

  return (
    <Card aria-labelledby="import-data-title">
      <CardTitle id="import-data-title">{M.tabs.import}</CardTitle>
      {jobId ? (
        <RunningImport jobId={jobId} onDone={reset} />
      ) : (
        <>
          <FileDrop onFile={pick} disabled={check.pending || start.pending} />
          {file && (
            <p>
              Chosen file: <strong>{file.name}</strong> ({formatFileSize(file.size)})
            </p>
          )}
          {problem && <FieldError role="alert">{problem}</FieldError>}
          {check.pending && <Spinner label="Checking the file..." />}
          {report?.format === 'grid-csv' && (
            <EmployeePicker label="Employee whose entries these are" selected={employee} onSelect={pickEmployee} />
          )}
          {report && !check.pending && (
            <>
              <ImportReportView report={report} />
              <DialogActions>
                <Button $variant="secondary" onClick={reset} disabled={start.pending}>
                  Cancel
                </Button>
                <Button
                  onClick={() => (report.rolesConfirmation ? setConfirmingRoles(true) : void confirm())}
                  disabled={start.pending || needsEmployee || toWrite === 0}
                >
                  {start.pending
                    ? 'Starting...'
                    : toWrite === 0
                      ? 'Nothing to import'
                      : `Import ${toWrite} ${toWrite === 1 ? 'record' : 'records'}`}
                </Button>
              </DialogActions>
              {needsEmployee && <FieldError>{M.noEmployeeSelected}: pick the employee whose entries these are.</FieldError>}
              {confirmingRoles && (
                <RolesConfirmation report={report} onConfirm={() => void confirm()} onCancel={() => setConfirmingRoles(false)} />
              )}
            </>
          )}
        </>
      )}
    </Card>
  );
}
