import { Button } from './Button';

type ExportAllDataButtonProps = {
  label?: string;
  /** The export's address with its query (`/api/export?format=xlsx`); all data as CSV by default. */
  path?: string;
  /** While the export cannot be had yet (the data as of a day is still being replayed). */
  disabled?: boolean;
};

/** GET /api/export opened in a new window, where the browser downloads the file. */
export function ExportAllDataButton({
  label = 'Export All Data',
  path = '/api/export',
  disabled = false,
}: ExportAllDataButtonProps) {
  return (
    <Button $variant="secondary" disabled={disabled} onClick={() => window.open(path, '_blank', 'noopener')}>
      {label}
    </Button>
  );
}
