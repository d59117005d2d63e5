import {
  ADMIN_MESSAGES as M,
  IMPORT_ARCHIVE_MAX_BYTES,
  IMPORT_ARCHIVE_MAX_MEGABYTES,
  IMPORT_FILE_TYPES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_MEGABYTES,
  ROLES,
  type ImportCounts,
  type ImportFormat,
  type Role,
} from '@tht/contracts';
import { ROLE_LABELS } from '../users/roles';

/** Why a picked file cannot be imported, before it is sent (the server checks the same: a zip, the export with evidence, may be larger). */
export function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_FILE_TYPES.some((extension) => name.endsWith(extension))) return M.importUnsupportedType;
  if (name.endsWith('.zip')) return file.size > IMPORT_ARCHIVE_MAX_BYTES ? M.importTooLarge(IMPORT_ARCHIVE_MAX_MEGABYTES) : null;
  if (file.size > IMPORT_MAX_BYTES) return M.importTooLarge(IMPORT_MAX_MEGABYTES);
  return null;
}

export const FORMAT_LABELS: Readonly<Record<ImportFormat, string>> = {
  'export-csv': 'Export All Data CSV (one row per entry)',
  'export-xlsx': 'Export All Data workbook (a whole instance)',
  'grid-csv': "Bulk grid rows (CSV in the grid's column order)",
};

export const COUNT_LABELS: Readonly<Record<keyof ImportCounts, string>> = {
  departments: 'Departments',
  users: 'Users',
  formFields: 'Form fields',
  fiscalYears: 'Fiscal years',
  targets: 'Targets',
  entries: 'Entries',
  evidence: 'Evidence files',
};

/** How many accounts get each role, highest first: '1 Admin, 2 Manager'. */
export function rolesSummary(accounts: readonly { role: Role }[]): string {
  return [...ROLES]
    .reverse()
    .map((role) => [role, accounts.filter((account) => account.role === role).length] as const)
    .filter(([, count]) => count > 0)
    .map(([role, count]) => `${count} ${ROLE_LABELS[role]}`)
    .join(', ');
}

export const totalOf = (counts: ImportCounts) => Object.values(counts).reduce((sum, count) => sum + count, 0);
