import { useId, useState } from 'react';
import styled from 'styled-components';
import { AS_OF_LABELS, EXPORT_FORMATS, SMT_MESSAGES as M, type ExportFormat } from '@tht/contracts';
import { ExportAllDataButton, Select } from '@tht/ui';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (.xlsx)' };

const Group = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  & select { width: auto; }
`;

type ExportControlsProps = {
  year: number;
  /** The past day the dashboard shows the data as of, or null for today. */
  asOf: string | null;
  /** While the data as of that day is still being replayed. */
  disabled: boolean;
};

/**
 * Export of the year shown (GET /api/export, opened in a new window where the browser downloads
 * the file with the sign-in cookie): its entries as CSV, or a workbook with its entries, the
 * users, and the year's targets; as recorded by the end of the day shown, when one is.
 */
export function ExportControls({ year, asOf, disabled }: ExportControlsProps) {
  const formatId = useId();
  const [format, setFormat] = useState<ExportFormat>('csv');
  return (
    <Group role="group" aria-label={M.exportLabel}>
      <label htmlFor={formatId}>Format</label>
      <Select
        id={formatId}
        value={format}
        onChange={(event) => setFormat(EXPORT_FORMATS.find((known) => known === event.target.value) ?? 'csv')}
      >
        {EXPORT_FORMATS.map((known) => (
          <option key={known} value={known}>
            {FORMAT_LABELS[known]}
          </option>
        ))}
      </Select>
      <ExportAllDataButton
        label={asOf ? AS_OF_LABELS.exportAsOf(M.exportYear(year), asOf) : M.exportYear(year)}
        limits={{ format, year, asOf }}
        disabled={disabled}
      />
    </Group>
  );
}
