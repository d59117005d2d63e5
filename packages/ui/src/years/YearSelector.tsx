import { useId } from 'react';
import styled from 'styled-components';
import { statsRoutes } from '@tht/contracts';
import { useRead } from '../api/routeCalls';
import { longCacheOptions } from '../api/swr';
import { Select } from '../primitives/fields';
import { FieldError } from '../primitives/FormField';

export const AVAILABLE_YEARS_ERROR = 'Failed to fetch available years';

/** The default year everywhere: the current calendar year. */
export function currentYear(): number {
  return new Date().getFullYear();
}

/** The years the organisation has data or targets for, cached 5 minutes. */
export function useAvailableYears() {
  const { data, error, isLoading } = useRead(statsRoutes.listAvailableYears, {}, longCacheOptions);
  return { years: data ?? [], error: error ? AVAILABLE_YEARS_ERROR : null, isLoading };
}

const Wrapper = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  & select { width: auto; min-width: 7rem; }
`;

type YearSelectorProps = {
  value: number;
  onChange: (year: number) => void;
  label?: string;
};

/** A labelled select of the available years; the selected year is always an option. */
export function YearSelector({ value, onChange, label = 'Year' }: YearSelectorProps) {
  const id = useId();
  const { years, error, isLoading } = useAvailableYears();
  const options = years.includes(value) ? years : [...years, value].sort((a, b) => b - a);
  return (
    <Wrapper>
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        value={value}
        disabled={isLoading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </Select>
      {error && (
        <FieldError id={`${id}-error`} role="alert">
          {error}
        </FieldError>
      )}
    </Wrapper>
  );
}
