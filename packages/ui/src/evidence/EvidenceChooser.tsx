import styled from 'styled-components';
import { EVIDENCE_ACCEPT } from './evidenceText';

// The file input itself is hidden; its label is the button, so keyboard and screen readers reach the input.
const ChooseButton = styled.label<{ $disabled: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: 600;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  &:focus-within { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

type EvidenceChooserProps = {
  /** The button's text, which names the input. */
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
};

/** Picks evidence files (the types the server takes offered first); the input is emptied again, so the same file can be picked twice. */
export function EvidenceChooser({ label, multiple = false, disabled = false, onFiles }: EvidenceChooserProps) {
  return (
    <ChooseButton $disabled={disabled}>
      <span aria-hidden="true">📎</span>
      {label}
      <input
        className="visually-hidden"
        aria-label={label}
        type="file"
        accept={EVIDENCE_ACCEPT}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </ChooseButton>
  );
}
