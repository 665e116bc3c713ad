import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so what depends on the clock (the 8-hour window) is rechecked. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
