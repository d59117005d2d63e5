import { exportRoutes, urlOf, type ExportFormat } from '@tht/contracts';
import { Button } from './Button';

/** What an export is limited to (or, with `evidence`, widened to: a zip with the files); nothing: all data as CSV. */
export type ExportLimits = { format?: ExportFormat; year?: number; innovative?: boolean; asOf?: string | null; evidence?: boolean };

/** The export's address with only the limits given (`/api/export?format=xlsx&year=2026&asOf=2026-06-30`). */
export function exportUrl({ format, year, innovative, asOf, evidence }: ExportLimits): string {
  return urlOf(exportRoutes.exportAllData, {
    query: { format, year, innovative: innovative || undefined, asOf: asOf ?? undefined, evidence: evidence || undefined },
  });
}

type ExportAllDataButtonProps = {
  label?: string;
  limits?: ExportLimits;
  /** While the export cannot be had yet (the data as of a day is still being replayed). */
  disabled?: boolean;
};

/** The export opened in a new window, where the browser downloads the file. */
export function ExportAllDataButton({ label = 'Export All Data', limits = {}, disabled = false }: ExportAllDataButtonProps) {
  return (
    <Button $variant="secondary" disabled={disabled} onClick={() => window.open(exportUrl(limits), '_blank', 'noopener')}>
      {label}
    </Button>
  );
}
