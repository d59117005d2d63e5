import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delayMs` (a search typed letter by letter asks the server once). */
export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
