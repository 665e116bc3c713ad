import { AUTH_TIMINGS, checkUsername } from '@mandi/domain';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../api/api-fetch';

/** The sign-up form's username state (docs/accounts.md): short, invalid or valid, then checking, available or taken. */
export type UsernameState = 'short' | 'invalid' | 'valid' | 'checking' | 'available' | 'taken';

/** The checkUsername route; a 400 (the server's own username rules) counts as invalid. */
async function askAvailability(
  username: string,
  options: { silent: boolean; signal?: AbortSignal },
): Promise<'available' | 'taken' | 'invalid'> {
  try {
    const { available } = await api('checkUsername', { query: { username }, ...options });
    return available ? 'available' : 'taken';
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) return 'invalid';
    throw error;
  }
}

interface Checked {
  username: string;
  state: 'checking' | 'available' | 'taken' | 'invalid';
}

/**
 * Checks a typed username by the rules at once and with the server 1 s after typing stops. The
 * background check does not dim the page (it runs while the user types). `confirmAvailable`
 * answers for submission, asking the server again unless this exact name was just found free.
 */
export function useUsernameCheck(username: string) {
  const local = checkUsername(username);
  const [checked, setChecked] = useState<Checked | null>(null);

  useEffect(() => {
    if (local !== 'valid') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecked({ username, state: 'checking' });
      askAvailability(username, { silent: true, signal: controller.signal })
        .then((state) => setChecked({ username, state }))
        .catch(() => {
          // Unknown availability: submission asks again, and the server has the last word anyway.
          if (!controller.signal.aborted) setChecked(null);
        });
    }, AUTH_TIMINGS.usernameCheckDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, local]);

  const state: UsernameState = local !== 'valid' ? local : checked?.username === username ? checked.state : 'valid';

  const confirmAvailable = useCallback(async (): Promise<'available' | 'taken' | 'invalid'> => {
    if (checked?.username === username && checked.state === 'available') return 'available';
    const answer = await askAvailability(username, { silent: false });
    setChecked({ username, state: answer });
    return answer;
  }, [checked, username]);

  /** The server said the name went to someone else meanwhile (send-verification answered 409). */
  const markTaken = useCallback(() => setChecked({ username, state: 'taken' }), [username]);

  return { state, confirmAvailable, markTaken };
}
