import { createContext, useContext, useEffect, useRef } from 'react';
import { useCheckAuth, useLogout } from 'react-admin';
import type { AdminIdentity } from './identity';

/** The console's identity service, for the components that follow the shared session. */
export const IdentityContext = createContext<AdminIdentity | null>(null);

/**
 * Follows the session the console shares with the storefront (docs/console.md, One sign-in): signed out there, or in
 * another tab, the console goes to its sign-in page at once instead of failing on its next call; another account
 * signed in there is checked again (a buyer is turned away).
 */
export function SessionWatcher() {
  const identity = useContext(IdentityContext);
  const logout = useLogout();
  const checkAuth = useCheckAuth();
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!identity?.watch) return undefined;
    return identity.watch((uid) => {
      const before = seen.current;
      seen.current = uid;
      if (before === undefined || before === uid) return;
      if (uid === null) void logout();
      else checkAuth().catch(() => undefined);
    });
  }, [identity, logout, checkAuth]);
  return null;
}
