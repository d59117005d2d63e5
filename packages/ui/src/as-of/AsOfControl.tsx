import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AS_OF_LABELS as L, latestAsOfDay } from '@tht/contracts';
import { Button } from '../primitives/Button';
import { Input } from '../primitives/fields';

const Form = styled.form`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  & input { width: auto; }
`;

type AsOfControlProps = {
  /** The day shown (`YYYY-MM-DD`), or null for today's figures. */
  value: string | null;
  onChange: (day: string | null) => void;
};

/**
 * 'As of': a past day to show the figures as recorded by its end, chosen with Show (one replay
 * for the day chosen, not one for every day passed while typing). Today's end has not come: the
 * latest day is yesterday (UTC); an empty date is today.
 */
export function AsOfControl({ value, onChange }: AsOfControlProps) {
  const id = useId();
  const [day, setDay] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDay(value ?? '');
  }
  function show(event: FormEvent) {
    event.preventDefault();
    onChange(day || null);
  }
  return (
    <Form aria-label={L.region} onSubmit={show}>
      <label htmlFor={id}>{L.control}</label>
      <Input id={id} type="date" max={latestAsOfDay(new Date())} value={day} onChange={(event) => setDay(event.target.value)} />
      <Button type="submit" $variant="secondary">
        {L.show}
      </Button>
    </Form>
  );
}
