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
  /** Read after reloadCurrentUser() for a fresh value (the service does not push it). */
  emailVerified: boolean;
  /** forceRefresh gets a new token, e.g. one whose email_verified claim is now true. */
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/**
 * What the storefront needs from the identity service. Failures reject with an error carrying
 * the service's `code` (e.g. 'auth/wrong-password'); see identityErrorCode.
 */
export interface IdentityClient {
  /** Calls back with the current user now and after every change; returns an unsubscribe. */
  onUserChanged(callback: (user: IdentityUser | null) => void): () => void;
  /** The signed-in user right now (set as soon as a sign-in or sign-up resolves), or null. */
  currentUser(): IdentityUser | null;
  /** Creates an e-mail/password account and signs it in. */
  signUpWithEmail(email: string, password: string): Promise<IdentityUser>;
  signInWithEmail(email: string, password: string): Promise<IdentityUser>;
  /** Signs in with Google in a popup; where popups are blocked it leaves for Google's page and resolves null. */
  signInWithGoogle(): Promise<IdentityUser | null>;
  /** The user coming back from a Google redirect sign-in, or null when there was none. */
  googleRedirectResult(): Promise<IdentityUser | null>;
  /** Re-reads the current user from the service (to see emailVerified change); null when signed out. */
  reloadCurrentUser(): Promise<IdentityUser | null>;
  /** Deletes the signed-in identity account (which also signs it out). */
  deleteCurrentUser(): Promise<void>;
  signOut(): Promise<void>;
  /** Marks the address of a verification mail's code as verified (mode=verifyEmail); the code then stops working. */
  applyEmailVerification(oobCode: string): Promise<void>;
  /** Checks a password-reset mail's code without using it up; resolves to the account's e-mail address. */
  passwordResetEmail(oobCode: string): Promise<string>;
  /** Sets a new password with a password-reset mail's code, which then stops working. Signs nobody in. */
  confirmNewPassword(oobCode: string, newPassword: string): Promise<void>;
}

/** The identity service's error code of a failure ('auth/...'), or undefined for anything else. */
export function identityErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** The Firebase-backed client; the SDK is fetched on first use so it never weighs on the entry chunk. */
export function firebaseIdentity(): IdentityClient {
  const sdk = import('./firebase');
  let loaded: Awaited<typeof sdk> | undefined;
  void sdk.then((module) => {
    loaded = module;
  });
  return {
    onUserChanged(callback) {
      let unsubscribe: (() => void) | undefined;
      let cancelled = false;
      void sdk.then((firebase) => {
        if (cancelled) return;
        unsubscribe = firebase.watchUser(callback);
        void firebase.startAnalytics();
      });
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
    currentUser: () => loaded?.auth.currentUser ?? null,
    signUpWithEmail: async (email, password) => (await sdk).signUpWithEmail(email, password),
    signInWithEmail: async (email, password) => (await sdk).signInWithEmail(email, password),
    signInWithGoogle: async () => (await sdk).signInWithGoogle(),
    googleRedirectResult: async () => (await sdk).googleRedirectResult(),
    reloadCurrentUser: async () => (await sdk).reloadCurrentUser(),
    deleteCurrentUser: async () => (await sdk).deleteCurrentUser(),
    signOut: async () => (await sdk).signOutUser(),
    applyEmailVerification: async (oobCode) => (await sdk).applyEmailVerification(oobCode),
    passwordResetEmail: async (oobCode) => (await sdk).passwordResetEmail(oobCode),
    confirmNewPassword: async (oobCode, newPassword) => (await sdk).confirmNewPassword(oobCode, newPassword),
  };
}
