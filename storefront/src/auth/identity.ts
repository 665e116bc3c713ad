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

/** Set while the identity service reports a signed-in user, so the next visit knows to load it at once. */
const SESSION_HINT_KEY = 'mandi.identity.session';

/**
 * Whether this browser may hold a signed-in session: our hint, or Firebase's own IndexedDB store (a session from
 * before the hint existed). A first-time visitor has neither, and gets the home page without the identity SDK.
 */
async function mayHaveSession(): Promise<boolean> {
  try {
    if (localStorage.getItem(SESSION_HINT_KEY)) return true;
  } catch {
    // Storage blocked: fall through to IndexedDB.
  }
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === 'firebaseLocalStorageDb');
  } catch {
    // No IndexedDB listing (older browsers): load the SDK to be sure.
    return true;
  }
}

function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT_KEY, '1');
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Without storage the SDK is simply loaded on each visit that needs it.
  }
}

/**
 * The Firebase-backed client. The SDK (about 32 kB gzipped) is fetched only when it is needed: at once for a browser
 * that may hold a session, otherwise on the first sign-in, sign-up or account action, so a first visit to the
 * catalog does not pay for it. Until it loads, a visitor without a session is reported as signed out.
 */
export function firebaseIdentity(): IdentityClient {
  let sdk: ReturnType<typeof loadSdk> | undefined;
  let loaded: Awaited<ReturnType<typeof loadSdk>> | undefined;
  const watchers = new Set<(user: IdentityUser | null) => void>();

  function loadSdk() {
    return import('./firebase').then((firebase) => {
      loaded = firebase;
      firebase.watchUser((user) => {
        rememberSession(user !== null);
        for (const watcher of watchers) watcher(user);
      });
      void firebase.startAnalytics();
      return firebase;
    });
  }
  const load = () => (sdk ??= loadSdk());

  return {
    onUserChanged(callback) {
      watchers.add(callback);
      if (loaded) {
        const firebase = loaded;
        void firebase.auth.authStateReady().then(() => watchers.has(callback) && callback(firebase.auth.currentUser));
      } else if (!sdk) {
        void mayHaveSession().then((maybe) => {
          if (maybe) void load();
          // Nobody can be signed in without the SDK having run in this browser.
          else if (!sdk && watchers.has(callback)) callback(null);
        });
      }
      return () => {
        watchers.delete(callback);
      };
    },
    currentUser: () => loaded?.auth.currentUser ?? null,
    signUpWithEmail: async (email, password) => (await load()).signUpWithEmail(email, password),
    signInWithEmail: async (email, password) => (await load()).signInWithEmail(email, password),
    signInWithGoogle: async () => (await load()).signInWithGoogle(),
    googleRedirectResult: async () => (await load()).googleRedirectResult(),
    reloadCurrentUser: async () => (await load()).reloadCurrentUser(),
    deleteCurrentUser: async () => (await load()).deleteCurrentUser(),
    signOut: async () => (await load()).signOutUser(),
    applyEmailVerification: async (oobCode) => (await load()).applyEmailVerification(oobCode),
    passwordResetEmail: async (oobCode) => (await load()).passwordResetEmail(oobCode),
    confirmNewPassword: async (oobCode, newPassword) => (await load()).confirmNewPassword(oobCode, newPassword),
  };
}
