import { randomUUID } from 'node:crypto';

/** An account in the Firebase Auth emulator with an ID token. */
export interface EmulatorAccount {
  uid: string;
  email: string;
  token: string;
}

/** An e-mail/password account in the Auth emulator, with the password it was made with. */
export interface EmulatorPasswordAccount extends EmulatorAccount {
  password: string;
}

/** What the emulator knows of an account. */
export interface EmulatorAccountRecord {
  uid: string;
  email?: string;
  emailVerified: boolean;
}

/** The outcome of an action-code call: the HTTP status, and the emulator's error message when it refused. */
export interface EmulatorActionResult {
  status: number;
  error?: string;
}

/** The password of the accounts the tests make, unless they give one. */
const DEFAULT_PASSWORD = 'test-password';
/** The emulator accepts any API key. */
const API_KEY = 'demo-key';
/** The emulator's admin API accepts this bearer token. */
const OWNER = { authorization: 'Bearer owner' };

/**
 * Test accounts in the Firebase Auth emulator, through its REST API (no firebase-admin, so a test sees the emulator
 * as a browser or the storefront would): e-mail sign-ups (verified or not), Google sign-ins (the emulator accepts an
 * unsigned JSON id_token), sign-in attempts, look-ups and the action codes of mailed links. The emulator and project
 * come from FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID. Removes the accounts it made on `removeAll()`.
 */
export class EmulatorAccounts {
  /** The emulator's host:port. */
  readonly host: string;
  /** The Firebase project the emulator serves the accounts of. */
  readonly projectId: string;
  private readonly made: string[] = [];

  constructor(options: { host?: string; projectId?: string } = {}) {
    this.host = options.host ?? process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
    this.projectId = options.projectId ?? process.env.FIREBASE_PROJECT_ID ?? 'demo-mandi';
  }

  /** A new e-mail/password account, its e-mail not verified. */
  async signUp(
    email = `s${randomUUID().slice(0, 12)}@mandi.test`,
    password = DEFAULT_PASSWORD,
  ): Promise<EmulatorPasswordAccount> {
    const { ok, body } = await this.publicCall<{ localId: string; idToken: string }>('accounts:signUp', {
      email,
      password,
      returnSecureToken: true,
    });
    if (!ok) throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
    this.made.push(body.localId);
    return { uid: body.localId, email, password, token: body.idToken };
  }

  /** A new account whose e-mail is verified, with a token issued after the verification (it says email_verified). */
  async verifiedSignUp(email?: string, password = DEFAULT_PASSWORD): Promise<EmulatorPasswordAccount> {
    const account = await this.signUp(email, password);
    const { ok, body } = await this.adminCall('accounts:update', { localId: account.uid, emailVerified: true });
    if (!ok) throw new Error(`emulator verification failed: ${JSON.stringify(body)}`);
    const signedIn = await this.signIn(account.email, password);
    if (!signedIn.token) throw new Error(`emulator sign-in failed: ${signedIn.error}`);
    return { ...account, token: signedIn.token };
  }

  /** Signs in with e-mail and password: a token, or the emulator's error message (EMAIL_NOT_FOUND ...). */
  async signIn(email: string, password = DEFAULT_PASSWORD): Promise<{ token?: string; error?: string }> {
    const { ok, body } = await this.publicCall<{ idToken?: string; error?: { message: string } }>(
      'accounts:signInWithPassword',
      { email, password, returnSecureToken: true },
    );
    return ok ? { token: body.idToken! } : { error: body.error?.message ?? 'unknown' };
  }

  /** A Google sign-in through the emulator's fake provider (the same Google sub gives the same uid). */
  async google(
    claims: { sub?: string; email?: string; name?: string; picture?: string } = {},
  ): Promise<EmulatorAccount> {
    const idToken = {
      sub: claims.sub ?? `g${randomUUID().slice(0, 12)}`,
      email: claims.email ?? `g${randomUUID().slice(0, 12)}@gmail.com`,
      email_verified: true,
      ...(claims.name ? { name: claims.name } : {}),
      ...(claims.picture ? { picture: claims.picture } : {}),
    };
    const { ok, body } = await this.publicCall<{ localId: string; idToken: string }>('accounts:signInWithIdp', {
      postBody: `id_token=${encodeURIComponent(JSON.stringify(idToken))}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
      returnIdpCredential: true,
    });
    if (!ok) throw new Error(`emulator Google sign-in failed: ${JSON.stringify(body)}`);
    this.made.push(body.localId);
    return { uid: body.localId, email: idToken.email, token: body.idToken };
  }

  /** The emulator's account with this uid, or undefined when it has none. */
  async lookup(uid: string): Promise<EmulatorAccountRecord | undefined> {
    const { body } = await this.adminCall<{ users?: { localId: string; email?: string; emailVerified?: boolean }[] }>(
      'accounts:lookup',
      { localId: [uid] },
    );
    const user = body.users?.[0];
    return user ? { uid: user.localId, email: user.email, emailVerified: user.emailVerified === true } : undefined;
  }

  /** True while the emulator has an account with this uid. */
  async exists(uid: string): Promise<boolean> {
    return (await this.lookup(uid)) !== undefined;
  }

  /** Applies an action link's code (verify e-mail), as the storefront's action page does when a person opens it. */
  async applyActionCode(oobCode: string): Promise<EmulatorActionResult> {
    return this.actionResult(await this.publicCall('accounts:update', { oobCode }));
  }

  /** Sets a new password with a reset link's code, as the storefront's reset page does. */
  async resetPassword(oobCode: string, newPassword: string): Promise<EmulatorActionResult> {
    return this.actionResult(await this.publicCall('accounts:resetPassword', { oobCode, newPassword }));
  }

  /** Deletes these accounts (whoever made them); uids the emulator does not have are ignored. */
  async deleteAccounts(uids: string[]): Promise<void> {
    if (uids.length === 0) return;
    const { ok, body } = await this.adminCall('accounts:batchDelete', { localIds: uids, force: true });
    if (!ok) throw new Error(`emulator deletion failed: ${JSON.stringify(body)}`);
  }

  /** Deletes the accounts this instance made, so a shared emulator does not fill up with test users. */
  async removeAll(): Promise<void> {
    await this.deleteAccounts(this.made.splice(0));
  }

  private actionResult({ status, ok, body }: { status: number; ok: boolean; body: unknown }): EmulatorActionResult {
    return ok ? { status } : { status, error: (body as { error?: { message?: string } }).error?.message ?? 'unknown' };
  }

  /** The API a browser calls (with an API key). */
  private publicCall<T>(endpoint: string, body: unknown) {
    return this.call<T>(`http://${this.host}/identitytoolkit.googleapis.com/v1/${endpoint}?key=${API_KEY}`, body, {});
  }

  /** The admin API of the project, as firebase-admin calls it. */
  private adminCall<T>(endpoint: string, body: unknown) {
    return this.call<T>(
      `http://${this.host}/identitytoolkit.googleapis.com/v1/projects/${this.projectId}/${endpoint}`,
      body,
      OWNER,
    );
  }

  private async call<T>(
    url: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; ok: boolean; body: T }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).catch((error: unknown) => {
      throw new Error(`Firebase Auth emulator not reachable on ${this.host} (npm test starts it): ${String(error)}`);
    });
    return { status: response.status, ok: response.ok, body: (await response.json()) as T };
  }
}
