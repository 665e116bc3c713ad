import { useCallback, useRef, useState } from 'react';

/**
 * One submission at a time: `run` ignores a second call while the first settles (a double click, Enter twice);
 * `busy` drives the button, `running` is the same answer for effects that must not read a stale render.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, running, run };
}
