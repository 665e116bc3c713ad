import { randomUUID } from 'node:crypto';

const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-mandi';
const PUBLIC_API = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
const ADMIN_API = `${PUBLIC_API}/projects/${PROJECT_ID}`;
/** The emulator's admin API accepts this bearer token. */
const OWNER = { authorization: 'Bearer owner' };

/** An account in the Auth emulator with an ID token. */
export interface EmulatorAccount {
  uid: string;
  email: string;
  token: string;
}

async function call<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ ok: boolean; body: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, body: (await response.json()) as T };
}

/**
 * Accounts of the Firebase Auth emulator as the account tests need them: e-mail sign-ups (verified or not), Google
 * sign-ins (the emulator accepts an unsigned JSON id_token), sign-in attempts and look-ups. Removes what it made.
 */
export class EmulatorAccounts {
  private readonly made: string[] = [];

  /** A new e-mail/password account, its e-mail not verified. */
  async signUp(email = `s${randomUUID().slice(0, 12)}@mandi.test`, password = 'test-password'): Promise<EmulatorAccount> {
    const { ok, body } = await call<{ localId: string; idToken: string }>(`${PUBLIC_API}/accounts:signUp?key=demo-key`, {
      email,
      password,
      returnSecureToken: true,
    });
    if (!ok) throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
    this.made.push(body.localId);
    return { uid: body.localId, email, token: body.idToken };
  }

  /** A new account whose e-mail is verified, with a token issued after the verification (it says email_verified). */
  async verifiedSignUp(email?: string): Promise<EmulatorAccount> {
    const account = await this.signUp(email);
    const { ok, body } = await call(`${ADMIN_API}/accounts:update`, { localId: account.uid, emailVerified: true }, OWNER);
    if (!ok) throw new Error(`emulator verification failed: ${JSON.stringify(body)}`);
    const signedIn = await this.signIn(account.email);
    if (!signedIn.token) throw new Error(`emulator sign-in failed: ${signedIn.error}`);
    return { ...account, token: signedIn.token };
  }

  /** Signs in with e-mail and password: a token, or the emulator's error message (EMAIL_NOT_FOUND ...). */
  async signIn(email: string, password = 'test-password'): Promise<{ token?: string; error?: string }> {
    const { ok, body } = await call<{ idToken?: string; error?: { message: string } }>(
      `${PUBLIC_API}/accounts:signInWithPassword?key=demo-key`,
      { email, password, returnSecureToken: true },
    );
    return ok ? { token: body.idToken! } : { error: body.error?.message ?? 'unknown' };
  }

  /** A Google sign-in through the emulator's fake provider (the same Google sub gives the same uid). */
  async google(claims: { sub?: string; email?: string; name?: string; picture?: string } = {}): Promise<EmulatorAccount> {
    const idToken = {
      sub: claims.sub ?? `g${randomUUID().slice(0, 12)}`,
      email: claims.email ?? `g${randomUUID().slice(0, 12)}@gmail.com`,
      email_verified: true,
      ...(claims.name ? { name: claims.name } : {}),
      ...(claims.picture ? { picture: claims.picture } : {}),
    };
    const { ok, body } = await call<{ localId: string; idToken: string; email: string }>(
      `${PUBLIC_API}/accounts:signInWithIdp?key=demo-key`,
      {
        postBody: `id_token=${encodeURIComponent(JSON.stringify(idToken))}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
        returnIdpCredential: true,
      },
    );
    if (!ok) throw new Error(`emulator Google sign-in failed: ${JSON.stringify(body)}`);
    this.made.push(body.localId);
    return { uid: body.localId, email: idToken.email, token: body.idToken };
  }

  /** True while the emulator has an account with this uid. */
  async exists(uid: string): Promise<boolean> {
    const { body } = await call<{ users?: unknown[] }>(`${ADMIN_API}/accounts:lookup`, { localId: [uid] }, OWNER);
    return (body.users?.length ?? 0) > 0;
  }

  async removeAll(): Promise<void> {
    if (this.made.length > 0) await call(`${ADMIN_API}/accounts:batchDelete`, { localIds: this.made, force: true }, OWNER);
  }
}
