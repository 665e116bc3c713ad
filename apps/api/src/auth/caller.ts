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
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    identity?: Identity;
  }
}
