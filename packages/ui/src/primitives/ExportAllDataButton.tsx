import { Button } from './Button';

type ExportAllDataButtonProps = {
  label?: string;
  /** The export's address with its query (`/api/export?format=xlsx`); all data as CSV by default. */
  path?: string;
};

/** GET /api/export opened in a new window, where the browser downloads the file (SPEC section 7). */
export function ExportAllDataButton({ label = 'Export All Data', path = '/api/export' }: ExportAllDataButtonProps) {
  return (
    <Button $variant="secondary" onClick={() => window.open(path, '_blank', 'noopener')}>
      {label}
    </Button>
  );
}
