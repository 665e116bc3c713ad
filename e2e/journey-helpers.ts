import { fileURLToPath } from 'node:url';

/** Where a journey's screenshot goes: e2e/screenshots/ (the PNGs are not committed). */
export function screenshotPath(fileName: string): string {
  return fileURLToPath(new URL(`screenshots/${fileName}`, import.meta.url));
}

/** The password of every demo account the seed makes (docs/development.md). */
export const demoPassword = 'mandi-demo';

/** The e2e server's port, database and the Auth emulator (e2e/server.mjs, e2e/playwright.config.ts). */
const e2eBaseUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const emulatorUrl = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
const emulatorProject = 'demo-mandi';
export const e2eDatabaseUrl = `postgresql://postgres@127.0.0.1:5432/${process.env.E2E_DATABASE ?? 'mandi_e2e'}`;

/** A name no earlier run used: 15 characters at most, as usernames must be. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 15);
}

async function emulatorCall<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${emulatorUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`emulator ${path}: ${answer.error?.message ?? response.status}`);
  return answer;
}

/** Signs in through the emulator's REST API as the browser SDK does; null when the credentials are refused. */
export async function emulatorSignIn(
  email: string,
  password: string,
): Promise<{ idToken: string; uid: string } | null> {
  try {
    const answer = await emulatorCall<{ idToken: string; localId: string }>(
      '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key',
      { email, password, returnSecureToken: true },
    );
    return { idToken: answer.idToken, uid: answer.localId };
  } catch {
    return null;
  }
}

/**
 * A verified account with its Mandi user row, made the way the sign-up page makes one (emulator sign-up, verified
 * e-mail, POST /api/user/create-user), for journeys that start signed out with an existing account.
 */
export async function createVerifiedAccount(
  email: string,
  username: string,
  password: string,
): Promise<{ uid: string }> {
  const signedUp = await emulatorCall<{ localId: string }>(
    '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key',
    {
      email,
      password,
      returnSecureToken: true,
    },
  );
  await emulatorCall(
    `/identitytoolkit.googleapis.com/v1/projects/${emulatorProject}/accounts:update`,
    { localId: signedUp.localId, emailVerified: true },
    { authorization: 'Bearer owner' },
  );
  const { idToken } = (await emulatorSignIn(email, password))!;
  const response = await fetch(`${e2eBaseUrl}/api/user/create-user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      username,
      agreedToTerms: true,
      agreedAt: new Date().toISOString(),
      termsVersion: 'v1.0',
    }),
  });
  if (response.status !== 201) throw new Error(`create-user answered ${response.status}: ${await response.text()}`);
  return { uid: signedUp.localId };
}

/** Whether the API says a username is free. */
export async function usernameAvailable(username: string): Promise<boolean> {
  const response = await fetch(`${e2eBaseUrl}/api/auth/check-username?username=${encodeURIComponent(username)}`);
  return ((await response.json()) as { available: boolean }).available;
}

/** Whether the emulator still has an account for the address. */
export async function emulatorHasAccount(email: string): Promise<boolean> {
  const answer = await emulatorCall<{ users?: unknown[] }>(
    `/identitytoolkit.googleapis.com/v1/projects/${emulatorProject}/accounts:lookup`,
    { email: [email] },
    { authorization: 'Bearer owner' },
  );
  return (answer.users ?? []).length > 0;
}

/** Something that runs SQL: the journey's pg pool. */
interface Sql {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/**
 * A saved default address in Bengaluru (PIN 560001, from our India Post directory), as the address modal would save it,
 * for journeys about something after the address.
 */
export async function saveDefaultAddress(
  db: Sql,
  userId: number,
  address: { name: string; house: string; landmark: string },
): Promise<void> {
  await db.query(
    `INSERT INTO addresses (user_id, name, mobile, state, district, taluk, flat_house_building, area_or_street_or_village, landmark, pincode, is_default)
     SELECT $1, $2, '9123456780', state, district, taluk, $3, office_name, $4, pincode, true
       FROM pincodes WHERE pincode = '560001' LIMIT 1`,
    [userId, address.name, address.house, address.landmark],
  );
}
