import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/** How long a message stays: long enough to read a server's sentence. */
const SHOW_MS = 6000;

/**
 * Shows a sentence in the console's snackbar exactly as written (our texts and the server's messages are not
 * translation keys: the text itself is the fallback react-admin's translator returns).
 */
export function useSay(): (text: string, type: 'success' | 'error' | 'warning' | 'info') => void {
  const notify = useNotify();
  return useCallback(
    (text, type) => notify(text, { type, messageArgs: { _: text }, autoHideDuration: SHOW_MS }),
    [notify],
  );
}
