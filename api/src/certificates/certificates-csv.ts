import { CERTIFICATE_MESSAGES as M, type ExpiringCertificate } from '@tht/contracts';
import { csvHeader, csvLine } from '../export';

const COLUMNS = [
  'User id',
  M.employeeColumn,
  M.departmentColumn,
  M.trainingColumn,
  'Entry id',
  M.validUntilColumn,
  M.daysLeftColumn,
] as const;

/** The HR list as a CSV file: who, what, when and the days left (negative once expired), soonest first. */
export function certificatesCsv(certificates: readonly ExpiringCertificate[]): string {
  const rows = certificates.map((certificate) =>
    csvLine([
      certificate.userId,
      certificate.name,
      certificate.department,
      certificate.trainingName,
      certificate.entryId,
      certificate.validUntil,
      certificate.daysLeft,
    ]),
  );
  return csvHeader(COLUMNS) + rows.join('');
}

/** The CSV file's name: the window and the day it counts from (`certificates-expiring-60-days-2026-11-28.csv`). */
export const certificatesCsvName = (days: number, asOf: string) => `certificates-expiring-${days}-days-${asOf}.csv`;
