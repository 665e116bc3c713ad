/** The console's signed-in person as the identity service knows them. */
export interface AdminIdentityUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  getIdToken(): Promise<string>;
}

/** The boundary to the hosted identity service (Firebase); tests hand in their own. */
export interface AdminIdentity {
  /** The signed-in user once the identity service has restored its session, or null. */
  currentUser(): Promise<AdminIdentityUser | null>;
  signIn(email: string, password: string): Promise<AdminIdentityUser>;
  signOut(): Promise<void>;
  /**
   * Calls `listener` with the signed-in uid (or null) whenever it changes, here or in another tab or front end of the
   * same origin (the storefront shares the session). Returns the unsubscribe function.
   */
  watch?(listener: (uid: string | null) => void): () => void;
}
