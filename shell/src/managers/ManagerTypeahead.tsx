import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { fullName } from '@tht/contracts';
import { Input } from '@tht/ui';
import { managerSuggestions, type ManagerCandidate } from './managerMatching';

const Wrapper = styled.div`
  position: relative;
`;

const Popup = styled.div`
  position: absolute;
  z-index: 20;
  left: 0;
  right: 0;
  top: calc(100% + 2px);
  max-height: 16rem;
  overflow: auto;
  margin: 0;
  padding: ${({ theme }) => theme.spacing(1)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  box-shadow: ${({ theme }) => theme.shadows.overlay};
`;

const SuggestionList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Option = styled.li`
  padding: ${({ theme }) => theme.spacing(2)};
  border-radius: ${({ theme }) => theme.radii.small};
  cursor: pointer;
  &[aria-selected='true'], &:hover { background: ${({ theme }) => theme.colors.subtle}; }
`;

const Username = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.colors.mutedText};
`;

type ManagerTypeaheadProps<Candidate extends ManagerCandidate> = {
  candidates: readonly Candidate[];
  value: string;
  /** The typed text; editing it replaces the manager name. */
  onChange: (text: string) => void;
  onPick: (candidate: Candidate) => void;
  placeholder?: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A combobox over people: suggestions (at most 10, full name and username) open on focus or typing
 * and close on a click outside, Escape, or picking one; 'No managers found' when nothing matches.
 */
export function ManagerTypeahead<Candidate extends ManagerCandidate>({
  candidates,
  value,
  onChange,
  onPick,
  placeholder = 'Type to search for your manager...',
  ...inputProps
}: ManagerTypeaheadProps<Candidate>) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const popupId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const suggestions = managerSuggestions(candidates, value);

  useEffect(() => {
    if (!open) return;
    function closeOnOutsideClick(event: MouseEvent) {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  function pick(candidate: Candidate) {
    onPick(candidate);
    setOpen(false);
    setActiveIndex(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (suggestions.length ? (index + step + suggestions.length) % suggestions.length : -1));
    } else if (event.key === 'Enter' && open && suggestions[activeIndex]) {
      event.preventDefault();
      pick(suggestions[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${popupId}-option-${index}`;
  return (
    <Wrapper ref={wrapperRef}>
      <Input
        {...inputProps}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        placeholder={placeholder}
        value={value}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <Popup id={popupId}>
          {suggestions.length > 0 ? (
            <SuggestionList role="listbox" aria-label="Suggestions">
              {suggestions.map((candidate, index) => (
                <Option
                  key={candidate.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(candidate)}
                >
                  {fullName(candidate)}
                  {candidate.username && <Username>{candidate.username}</Username>}
                </Option>
              ))}
            </SuggestionList>
          ) : (
            <Empty role="status">No managers found</Empty>
          )}
        </Popup>
      )}
    </Wrapper>
  );
}
