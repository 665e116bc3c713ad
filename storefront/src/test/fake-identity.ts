import type { IdentityClient, IdentityUser } from '../auth/identity';

/*
 * A stand-in for the hosted identity service (the Firebase SDK boundary), with the service's own
 * behaviour: accounts with passwords, e-mail verification, Firebase's error codes (including the
 * single 'auth/invalid-credential' of e-mail enumeration protection), change notifications, and
 * the one-use codes of verification and password-reset mails.
 */

/** A user as the identity service hands them over; its token names the uid. */
export interface FakeUser extends IdentityUser {
  /** How many times a fresh token was asked for (getIdToken(true)). */
  refreshes: number;
}

/** A signed-in person as the identity service would hand them over. */
export function identityUser(uid: string, email: string, token = `token-of-${uid}`): FakeUser {
  const user: FakeUser = {
    uid,
    email,
    displayName: null,
    photoURL: null,
    emailVerified: true,
    refreshes: 0,
    getIdToken: async (forceRefresh?: boolean) => {
      if (forceRefresh) user.refreshes += 1;
      return token;
    },
  };
  return user;
}

/** An e-mail/password account the fake service knows. */
export interface FakeAccount {
  user: FakeUser;
  password: string;
  disabled?: boolean;
}

/** A code from a verification or password-reset mail, for the address `email`. */
export interface FakeActionCode {
  mode: 'verifyEmail' | 'resetPassword';
  email: string;
  /** Past its lifetime: Firebase answers 'auth/expired-action-code'. */
  expired?: boolean;
}

export interface FakeIdentityOptions {
  accounts?: FakeAccount[];
  /** What the Google popup yields: a user, or an error code such as 'auth/popup-closed-by-user'. */
  google?: FakeUser | string;
  /** A user coming back from a Google redirect when the page loads. */
  redirectUser?: FakeUser;
  /** Off: Firebase's older distinct codes ('auth/wrong-password', 'auth/user-not-found'). */
  enumerationProtection?: boolean;
  /** Every e-mail sign-in fails with this code (e.g. 'auth/network-request-failed'). */
  signInFailure?: string;
  /** The codes of mails sent, by oobCode; each works once, as Firebase's do. */
  actionCodes?: Record<string, FakeActionCode>;
  /** Every action-code call fails with this code (e.g. 'auth/network-request-failed'). */
  actionFailure?: string;
}

const failure = (code: string) => Object.assign(new Error(code), { code });

/** The identity service boundary: starts with `user` signed in (or nobody) and records what the app did. */
export function fakeIdentity(user: IdentityUser | null, options: FakeIdentityOptions = {}) {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.user.email, account]));
  const listeners = new Set<(user: IdentityUser | null) => void>();
  let current: IdentityUser | null = user;
  let redirectUser = options.redirectUser ?? null;
  let nextUid = 1;
  const actionCodes = new Map(Object.entries(options.actionCodes ?? {}));

  /** A live code of this mode, or Firebase's refusal: unknown or used codes are 'invalid', old ones 'expired'. */
  const liveCode = (oobCode: string, mode: FakeActionCode['mode']) => {
    if (options.actionFailure) throw failure(options.actionFailure);
    const code = actionCodes.get(oobCode);
    if (!code || code.mode !== mode) throw failure('auth/invalid-action-code');
    if (code.expired) throw failure('auth/expired-action-code');
    return code;
  };

  const become = (next: IdentityUser | null) => {
    current = next;
    // The SDK notifies observers asynchronously, after the sign-in promise has resolved.
    queueMicrotask(() => listeners.forEach((listener) => listener(next)));
  };

  const client = {
    signOuts: 0,
    deleted: [] as string[],
    created: [] as FakeUser[],
    reloads: 0,
    /** Addresses verified through a mail's code, in order. */
    verifiedEmails: [] as string[],
    /** New passwords set through a reset code, in order. */
    passwordResets: [] as { email: string; newPassword: string }[],
    onUserChanged(callback: (user: IdentityUser | null) => void) {
      listeners.add(callback);
      queueMicrotask(() => callback(current));
      return () => listeners.delete(callback);
    },
    currentUser: () => current,
    async signUpWithEmail(email: string, password: string) {
      if (accounts.has(email)) throw failure('auth/email-already-in-use');
      if (password.length < 6) throw failure('auth/weak-password');
      const created = identityUser(`uid-new-${nextUid++}`, email);
      created.emailVerified = false;
      accounts.set(email, { user: created, password });
      client.created.push(created);
      become(created);
      return created;
    },
    async signInWithEmail(email: string, password: string) {
      if (options.signInFailure) throw failure(options.signInFailure);
      const account = accounts.get(email);
      const protectedCodes = options.enumerationProtection !== false;
      if (!account) throw failure(protectedCodes ? 'auth/invalid-credential' : 'auth/user-not-found');
      if (account.disabled) throw failure('auth/user-disabled');
      if (account.password !== password)
        throw failure(protectedCodes ? 'auth/invalid-credential' : 'auth/wrong-password');
      become(account.user);
      return account.user;
    },
    async signInWithGoogle() {
      if (typeof options.google === 'string') throw failure(options.google);
      if (!options.google) throw failure('auth/internal-error');
      become(options.google);
      return options.google;
    },
    async googleRedirectResult() {
      const back = redirectUser;
      redirectUser = null;
      if (back) become(back);
      return back;
    },
    async reloadCurrentUser() {
      client.reloads += 1;
      return current;
    },
    async deleteCurrentUser() {
      if (!current) return;
      client.deleted.push(current.uid);
      if (current.email) accounts.delete(current.email);
      become(null);
    },
    async signOut() {
      client.signOuts += 1;
      become(null);
    },
    async applyEmailVerification(oobCode: string) {
      const code = liveCode(oobCode, 'verifyEmail');
      actionCodes.delete(oobCode);
      const account = accounts.get(code.email);
      if (account) account.user.emailVerified = true;
      client.verifiedEmails.push(code.email);
    },
    async passwordResetEmail(oobCode: string) {
      return liveCode(oobCode, 'resetPassword').email;
    },
    async confirmNewPassword(oobCode: string, newPassword: string) {
      const code = liveCode(oobCode, 'resetPassword');
      if (newPassword.length < 6) throw failure('auth/weak-password');
      actionCodes.delete(oobCode);
      const account = accounts.get(code.email);
      if (account) account.password = newPassword;
      client.passwordResets.push({ email: code.email, newPassword });
    },
  } satisfies IdentityClient & Record<string, unknown>;
  return client;
}
