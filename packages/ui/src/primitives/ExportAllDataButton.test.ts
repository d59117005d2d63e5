import { expect, it } from 'vitest';
import { exportUrl } from './ExportAllDataButton';

it("builds an export's address from what it is limited to", () => {
  expect(exportUrl({})).toBe('/api/export');
  expect(exportUrl({ format: 'xlsx', asOf: null })).toBe('/api/export?format=xlsx');
  expect(exportUrl({ format: 'csv', year: 2026, innovative: true, asOf: '2026-06-30' })).toBe(
    '/api/export?format=csv&year=2026&innovative=true&asOf=2026-06-30',
  );
  expect(exportUrl({ format: 'xlsx', evidence: true })).toBe('/api/export?format=xlsx&evidence=true');
});
