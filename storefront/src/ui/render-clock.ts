import { useEffect, useState } from 'react';

/*
 * The moment a server-rendered page was rendered. Relative times ('5 m', 'Expires in 34 min') must read the same in
 * the browser's first render as in the server's HTML, or React cannot take the page over; right after that the
 * page shows the browser's own time.
 */
let renderedAt: Date | null = null;

/** Sets the clock of the next render: the server before rendering, the browser before hydrating (null clears it). */
export function setRenderClock(moment: Date | null): void {
  renderedAt = moment;
}

/** The time to show relative times against: the server's render time while hydrating, then the browser's. */
export function useNow(): Date {
  const [now, setNow] = useState(() => renderedAt ?? new Date());
  useEffect(() => {
    if (renderedAt === null) return;
    renderedAt = null;
    setNow(new Date());
  }, []);
  return now;
}
