import { Button } from './Button';

/** GET /api/export opened in a new window, where the browser downloads the file (SPEC section 7). */
export function ExportAllDataButton({ label = 'Export All Data' }: { label?: string }) {
  return (
    <Button $variant="secondary" onClick={() => window.open('/api/export', '_blank', 'noopener')}>
      {label}
    </Button>
  );
}
