import { useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { IMPORT_ACCEPT, IMPORT_MAX_MEGABYTES } from '@tht/contracts';

const Zone = styled.div<{ $dragging: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => theme.spacing(6)};
  border: 2px dashed ${({ theme, $dragging }) => ($dragging ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme, $dragging }) => ($dragging ? theme.colors.subtle : 'transparent')};
  text-align: center;
  & p { margin: 0; color: ${({ theme }) => theme.colors.mutedText}; }
`;

// The file input itself is hidden; its label is the button, so keyboard and screen readers reach the input.
const ChooseButton = styled.label`
  display: inline-flex;
  padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 600;
  cursor: pointer;
  &:focus-within { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

/** Pick a file with the button, or drop one on the zone. */
export function FileDrop({ onFile, disabled }: { onFile: (file: File) => void; disabled: boolean }) {
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    <Zone
      $dragging={dragging}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <p>Drop a CSV or Excel (.xlsx) file here (up to {IMPORT_MAX_MEGABYTES} MB), or an export with evidence (.zip), or</p>
      <ChooseButton>
        Choose a file to import
        <input
          className="visually-hidden"
          type="file"
          accept={IMPORT_ACCEPT}
          disabled={disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </ChooseButton>
      <p>
        Accepted: the CSV or Excel workbook of Export All Data (from this or another instance), its zip with the evidence files
        (each file attached to its entry again), or a CSV of rows in the bulk grid's column order (training name, date, hours,
        manager, department, type, given by, rating, innovative, notes) for one employee.
      </p>
    </Zone>
  );
}
