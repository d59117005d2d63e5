import { useEffect, useState } from 'react';

/** How long a search field waits after the last keystroke before it asks the server. */
export const SEARCH_DELAY_MS = 300;

/** `value` once it has stayed the same for `delayMs` (a search typed letter by letter asks the server once). */
export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
