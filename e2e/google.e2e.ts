import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import { e2eDatabaseUrl } from './journey-helpers.js';

/*
 * Google sign-in through the storefront's real button, the Firebase SDK's popup flow and the Auth emulator's
 * account picker. The SDK and the emulator's helper iframe load gapi from apis.google.com, which this offline
 * machine cannot reach: support/gapi-shim.js stands in for it (see that file for the part of gapi it covers).
 * The flow also depends on the API's security headers: the CSP must let the page frame the emulator's helper
 * iframe (frame-src), and the opener policy must keep the popup's window.opener (same-origin-allow-popups), which
 * the emulator's picker uses to hand the chosen account to that iframe.
 */

const gapiShim = readFileSync(new URL('support/gapi-shim.js', import.meta.url), 'utf8');

/** Only our own servers are reachable; anything else fails at once instead of hanging a page (the picker's CSS). */
const isLocal = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost';

async function offlineGoogle(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: gapiShim }),
  );
  await context.route(
    (url) => !isLocal(url) && !url.href.startsWith('https://apis.google.com/js/api.js'),
    (route) => route.abort('internetdisconnected'),
  );
}

interface GoogleUserRow {
  agreed_to_terms: boolean;
  terms_version: string | null;
  full_name: string | null;
}

/** The users rows (with their profile's full name) for an address. */
async function usersWithEmail(email: string): Promise<GoogleUserRow[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<GoogleUserRow>(
      `SELECT u.agreed_to_terms, u.terms_version, p.full_name
         FROM users u LEFT JOIN profiles p ON p.user_id = u.id
        WHERE u.email = $1`,
      [email],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * Clicks Continue with Google on /signin, lets `choose` pick the account in the emulator's popup, and returns the
 * status of the storefront's POST /api/auth/oauth-login once the popup has closed.
 */
async function continueWithGoogle(page: Page, choose: (picker: Page) => Promise<void>): Promise<number> {
  await page.goto('/signin');
  const [picker] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continue with Google' }).click(),
  ]);
  await picker.waitForLoadState('domcontentloaded');
  expect(new URL(picker.url()).pathname).toBe('/emulator/auth/handler');
  const oauthLogin = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/auth/oauth-login' && response.request().method() === 'POST',
  );
  // The SDK closes its popup once the helper iframe has relayed the chosen account.
  const closed = picker.waitForEvent('close');
  await choose(picker);
  await closed;
  return (await oauthLogin).status();
}

test('Google sign-in creates the user record once; signing in again is not a new user', async ({ context, page }) => {
  await offlineGoogle(context);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `g${Date.now()}@gmail.com`;
  const displayName = 'Ravi Kumar';
  const userButton = page.getByRole('banner').getByRole('button', { name: displayName });

  const firstStatus = await continueWithGoogle(page, async (picker) => {
    await picker.locator('#add-account-button').click();
    await picker.locator('#email-input').fill(email);
    await picker.locator('#display-name-input').fill(displayName);
    await picker.locator('#sign-in').click();
  });
  expect(firstStatus).toBe(201);
  await expect(page).toHaveURL(/\/$/);
  await expect(userButton).toBeVisible();
  expect(await usersWithEmail(email)).toEqual([
    { agreed_to_terms: true, terms_version: 'v1.0', full_name: displayName },
  ]);

  await userButton.click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to sign out?')).toBeVisible();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

  const secondStatus = await continueWithGoogle(page, async (picker) => {
    await picker.locator('li.js-reuse-account', { hasText: email }).click();
  });
  expect(secondStatus).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await expect(userButton).toBeVisible();
  expect(await usersWithEmail(email)).toHaveLength(1);
});
