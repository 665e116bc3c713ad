import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, setTokenSource } from '../api/api-fetch';
import { firebaseIdentity, type IdentityClient, type IdentityUser } from './identity';

/** The user session of docs/accounts.md: uid (from the user), role and userId (from our API). */
export interface AuthState {
  user: IdentityUser | null;
  /** True until the identity service has said whether someone is signed in. */
  loading: boolean;
  role: string | null;
  userId: string | null;
  signOut(): Promise<void>;
  /**
   * Reads userId and role again: after a first Google sign-in the user appears before POST oauth-login has made
   * our record, so the first read found none.
   */
  refreshAccount(): void;
  /** The identity service itself, for the sign-in, sign-up and verification pages. */
  identity: IdentityClient;
  /**
   * The signed-in user once the identity service has said whether there is one: a press made while a saved session is
   * still being restored (a moment, longer offline) waits for it instead of reading "signed out".
   */
  knownUser(): Promise<IdentityUser | null>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children, identity }: { children: ReactNode; identity?: IdentityClient }) {
  const [client] = useState<IdentityClient>(() => identity ?? firebaseIdentity());
  const [user, setUser] = useState<IdentityUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [role, setRole] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [accountReads, setAccountReads] = useState(0);
  const [firstAnswer] = useState(firstAnswerOfService);

  useEffect(() => {
    // The service's current user, not the one last reported: right after a sign-up or sign-in resolves, the
    // page's next call must carry the new token even if the change callback has not run yet.
    setTokenSource(async () => (await client.currentUser()?.getIdToken()) ?? null);
    return client.onUserChanged((next) => {
      setUser(next);
      setLoading(false);
      firstAnswer.resolve();
      setRole(null);
      setUserId(null);
    });
  }, [client, firstAnswer]);

  useEffect(() => {
    if (!user) return;
    let current = true;
    api('getUserId', { body: { uid: user.uid }, auth: true })
      .then((answer) => {
        if (!current) return;
        setUserId(answer.userId === undefined || answer.userId === null ? null : String(answer.userId));
        setRole(answer.role ?? null);
      })
      // docs/accounts.md: a failed user-id call is silently ignored; the user just has no role.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [user, accountReads]);

  const refreshAccount = useCallback(() => setAccountReads((reads) => reads + 1), []);

  const knownUser = useCallback(async () => {
    await firstAnswer.promise;
    return client.currentUser();
  }, [client, firstAnswer]);

  const signOut = useCallback(async () => {
    await client.signOut();
  }, [client]);

  const value = useMemo<AuthState>(
    () => ({ user, loading, role, userId, signOut, refreshAccount, identity: client, knownUser }),
    [user, loading, role, userId, signOut, refreshAccount, client, knownUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** A promise the first report of the identity service resolves (Promise.withResolvers is newer than our targets). */
function firstAnswerOfService(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** The current session; must be used under AuthProvider. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

/** True when the signed-in user's role, read from our API, is admin. */
export function useIsAdmin(): boolean {
  return useAuth().role === 'admin';
}
