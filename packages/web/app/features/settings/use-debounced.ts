import { useEffect, useState } from "react";

/** The value as it was `delay` ms after it last changed (the spec's 500 ms confirm debounce). */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
