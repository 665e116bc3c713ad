/** Who is making an authenticated request: our user row, as the access guard loaded it. */
export interface Caller {
  /** Our user id (the spec's userId). */
  id: number;
  /** The Firebase uid (the spec's uid). */
  uid: string;
  email: string;
  role: 'user' | 'admin';
}

/** A verified Firebase identity that may not have a user row yet (sign-up in progress). */
export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** How the person signed in: Firebase's `sign_in_provider` ('password', 'google.com' ...), null when absent. */
  signInProvider: string | null;
  /** When the person signed in (the token's `auth_time`, epoch seconds): refreshed tokens keep it. */
  authTime: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    identity?: Identity;
  }
}
