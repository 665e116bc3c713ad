/*
 * The boundary to the hosted identity service. The app talks to this small interface;
 * the Firebase implementation is loaded lazily, and tests hand in their own.
 */

/** The signed-in person as the identity service knows them. */
export interface IdentityUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  getIdToken(): Promise<string>;
}

/** What the storefront needs from the identity service. */
export interface IdentityClient {
  /** Calls back with the current user now and after every change; returns an unsubscribe. */
  onUserChanged(callback: (user: IdentityUser | null) => void): () => void;
  signOut(): Promise<void>;
}

/** The Firebase-backed client; the SDK is fetched on first use so it never weighs on the entry chunk. */
export function firebaseIdentity(): IdentityClient {
  const loaded = import('./firebase');
  return {
    onUserChanged(callback) {
      let unsubscribe: (() => void) | undefined;
      let cancelled = false;
      void loaded.then(async ({ auth, startAnalytics }) => {
        if (cancelled) return;
        const { onAuthStateChanged } = await import('firebase/auth');
        unsubscribe = onAuthStateChanged(auth, callback);
        void startAnalytics();
      });
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
    async signOut() {
      const [{ auth }, { signOut }] = await Promise.all([loaded, import('firebase/auth')]);
      await signOut(auth);
    },
  };
}
