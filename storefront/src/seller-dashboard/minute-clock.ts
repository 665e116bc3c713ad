import { ORDER_ELIGIBILITY_RECHECK_MS } from '@mandi/domain';
import { useEffect, useState } from 'react';

/** The current minute, moving on every minute, for the time left in windows and validities. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ORDER_ELIGIBILITY_RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
