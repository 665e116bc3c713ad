import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import {
  createVerifiedAccount,
  e2eDatabaseUrl,
  emulatorHasAccount,
  emulatorSignIn,
  screenshotPath,
  uniqueName,
  usernameAvailable,
} from './journey-helpers.js';
import { expectAccessible } from './support/accessibility.js';

/*
 * Accounts through the browser, against the built API and worker, the Auth emulator and the worker's mail capture
 * (read at /dev/mail as a developer would). Google sign-in has its own journey (google.e2e.ts).
 */

const password = 'kisan-secret-1';

/** Opens the newest mail to `to` in the /dev/mail inbox, waiting for the worker to send it, and clicks its button. */
async function followMailButton(context: BrowserContext, to: string, subject: string, button: string): Promise<Page> {
  const inbox = await context.newPage();
  await inbox.goto('/dev/mail');
  const row = inbox.getByRole('row').filter({ hasText: to }).filter({ hasText: subject });
  await expect(async () => {
    await inbox.reload();
    await expect(row.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row.first().getByRole('link', { name: subject }).click();
  const mailButton = inbox.frameLocator('iframe').getByRole('link', { name: button });
  const [actionPage] = await Promise.all([context.waitForEvent('page'), mailButton.click()]);
  await actionPage.waitForLoadState();
  await inbox.close();
  return actionPage;
}

/** Fills the sign-up form, waiting for the username check to say the name is free, and submits it. */
async function submitSignUp(page: Page, username: string, email: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await expect(page.getByText('Username is available.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function signInWith(page: Page, email: string, secret: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function setStatus(email: string, status: 'active' | 'suspended'): Promise<void> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE users SET status = $1 WHERE email = $2', [status, email]);
  } finally {
    await client.end();
  }
}

test('a new buyer signs up, verifies the address from the mail, and signs in', async ({ page, context }) => {
  const username = uniqueName('e2e_');
  const email = `${username}@example.test`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/signup');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expectAccessible(page, 'sign up (390 px)');
  // Sent empty first: the popup says what is missing.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'sign up, the popup of an empty form');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

  await submitSignUp(page, username, email);

  await expect(page).toHaveURL(/\/check-verification$/);
  await expect(page.getByRole('timer')).toBeVisible();
  await expectAccessible(page, 'check verification (390 px)');
  await page.screenshot({ path: screenshotPath('accounts-check-verification-mobile.png') });
  // The name is held for this sign-up while the window is open.
  expect(await usernameAvailable(username)).toBe(false);

  const actionPage = await followMailButton(context, email, 'Verify your e-mail address for Mandi', 'Verify my e-mail');
  await expect(actionPage.getByText('Your email is verified.')).toBeVisible();
  await expectAccessible(actionPage, 'auth action, e-mail verified');
  await actionPage.close();

  // The verification page sees the verified address on its next poll, records the user and sends them to sign in.
  await expect(page).toHaveURL(/\/signin/, { timeout: 15_000 });
  // The page's own status (the layout keeps an offline banner's status region too, empty while online).
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your email is verified');
  await expectAccessible(page, 'sign in, after verifying (390 px)');
  await signInWith(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  // Signed in: the phone's side menu now offers Sign Out.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test('a sign-up left unverified is removed by the server after its window, and its username is free again', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const username = uniqueName('e2e_');
  const email = `${username}@example.test`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/signup');
  await submitSignUp(page, username, email);
  await expect(page).toHaveURL(/\/check-verification$/);
  // The buyer closes the tab: nothing in the browser can clean up now, so the server's own deadline must.
  await context.close();
  expect(await emulatorHasAccount(email)).toBe(true);
  expect(await usernameAvailable(username)).toBe(false);

  await expect
    .poll(async () => (await emulatorHasAccount(email)) === false && (await usernameAvailable(username)), {
      // The window is 90 s; the server's clean-up runs 30 s after it (SIGNUP_EXPIRY_DELAY_MS).
      timeout: 180_000,
      intervals: [5_000],
    })
    .toBe(true);
  expect(await emulatorSignIn(email, password)).toBeNull();
});

test('a wrong password offers the reset link; the reset mail sets a new password that signs in', async ({
  page,
  context,
}) => {
  const username = uniqueName('e2e_');
  const email = `${username}@example.test`;
  await createVerifiedAccount(email, username, password);
  await page.goto('/signin');

  await signInWith(page, email, 'not-my-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect password. Please try again.');
  await expectAccessible(page, 'sign in, a wrong password');
  await page.getByRole('link', { name: 'Forgot password?' }).click();

  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page, 'forgot password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account exists for this email, a password reset link has been sent.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Try again in \d+ s/ })).toBeDisabled();
  await expectAccessible(page, 'forgot password, the link sent');
  await expect(page).toHaveURL(/\/signin/, { timeout: 10_000 });

  const actionPage = await followMailButton(context, email, 'Reset your Mandi password', 'Choose a new password');
  await expect(actionPage.getByText(email)).toBeVisible();
  await expectAccessible(actionPage, 'auth action, choose a new password');
  await actionPage.getByLabel('New password', { exact: true }).fill('kisan-secret-2');
  await actionPage.getByLabel('Confirm new password').fill('kisan-secret-2');
  await actionPage.getByRole('button', { name: 'Change password' }).click();
  await expect(actionPage.getByText('Your password has been changed.')).toBeVisible();
  await actionPage.close();

  await page.goto('/signin');
  await signInWith(page, email, 'kisan-secret-2');
  await expect(page).toHaveURL(/\/$/);
  expect(await emulatorSignIn(email, password)).toBeNull();
});

test('a suspended account is refused with the spec text and stays signed out', async ({ page }) => {
  const username = uniqueName('e2e_');
  const email = `${username}@example.test`;
  await createVerifiedAccount(email, username, password);
  await setStatus(email, 'suspended');
  await page.goto('/signin');

  await signInWith(page, email, password);
  const popup = page.getByRole('dialog');
  await expect(popup.getByText('Account Suspended')).toBeVisible();
  await expect(popup.getByText('Your account has been suspended. Contact support.')).toBeVisible();
  await expectAccessible(page, 'sign in, the Account Suspended popup');
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});

test('an address without an account is told to sign up first', async ({ page }) => {
  await page.goto('/signin');
  await signInWith(page, `${uniqueName('nobody')}@example.test`, password);
  await expect(page.getByRole('alert')).toHaveText('No account found with this email. Please sign up first.');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
});

test('a user deletes the account from the header; signing in again finds no account', async ({ page }) => {
  const username = uniqueName('e2e_');
  const email = `${username}@example.test`;
  await createVerifiedAccount(email, username, password);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/signin');
  await signInWith(page, email, password);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: username }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete Account' })).toBeVisible();
  await expectAccessible(page, 'home, the user menu open');
  await page.getByRole('menuitem', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to permanently delete your account?')).toBeVisible();
  await expectAccessible(page, 'home, the Delete Account confirmation');
  await confirm.getByRole('button', { name: 'OK' }).click();
  const done = page.getByRole('dialog');
  await expect(done.getByText('Success', { exact: true })).toBeVisible();
  await expect(done.getByText('Account deleted successfully')).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await emulatorHasAccount(email)).toBe(false);

  await page.goto('/signin');
  await signInWith(page, email, password);
  await expect(page.getByRole('alert')).toHaveText('No account found with this email. Please sign up first.');
});
