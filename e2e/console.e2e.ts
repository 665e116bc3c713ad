import { expect, test, type Page } from '@playwright/test';
import { demoPassword, screenshotPath } from './journey-helpers.js';
import { expectAccessible } from './support/accessibility.js';

/** The spec's text for anyone but an admin at /adminpanel (docs/console.md, "Roles"). */
const unauthorized = 'Unauthorized Access: You are not allowed to access this page.';

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/adminpanel');
  await page.getByLabel(/email|username/i).fill(email);
  await page.getByLabel(/password/i).fill(demoPassword);
  await page.getByRole('button', { name: /sign in/i }).click();
}

test('the console asks a visitor to sign in', async ({ page }) => {
  await page.goto('/adminpanel');

  await expect(page.getByLabel(/email|username/i)).toBeVisible();
  await expect(page.getByLabel(/password/i)).toBeVisible();
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await expectAccessible(page, 'console sign-in');
});

test('the admin signs in and reaches the console with its three tabs', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });

  await signIn(page, 'admin@mandi.test');

  // Sidebar tabs of the admin panel (docs/console.md, "Admin panel"); the first visit opens Orders with the last 24 hours.
  for (const tab of ['Orders', 'Users', 'Interested Sellers']) {
    await expect(page.getByRole('menuitem', { name: tab, exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/adminpanel\/orders/);
  await expect(
    page.getByRole('group', { name: 'Placed in the last' }).getByRole('button', { name: '24 hours' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // The system health page.
  await page.getByRole('menuitem', { name: 'System health', exact: true }).click();
  await expect(page.getByText('Database', { exact: true })).toBeVisible();
  await expectAccessible(page, 'console System health');
  await page.screenshot({ path: screenshotPath('console-dashboard-desktop.png'), fullPage: true });

  // The Users tab lists the seeded accounts from GET /api/admin/users, under a clean /adminpanel URL.
  await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/adminpanel\/users/);
  for (const email of ['admin@mandi.test', 'seller@mandi.test', 'buyer@mandi.test']) {
    await expect(page.getByText(email, { exact: true })).toBeVisible();
  }
  await expectAccessible(page, 'console Users');
  await page.screenshot({ path: screenshotPath('console-users-desktop.png'), fullPage: true });

  // The chosen tab is remembered: the console's home opens it again.
  await page.goto('/adminpanel/');
  await expect(page).toHaveURL(/\/adminpanel\/users/);
});

test('the admin opens the queue dashboard from the console; without its session it is refused', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin@mandi.test');

  await page.getByRole('menuitem', { name: 'Queues', exact: true }).click();
  await expect(page).toHaveURL(/\/adminpanel\/queues\/$/);
  for (const queue of ['mail', 'documents', 'deadlines']) {
    await expect(page.getByText(queue, { exact: true }).first()).toBeVisible();
  }
  await page.screenshot({ path: screenshotPath('console-queues-desktop.png'), fullPage: true });

  // Another browser, with no session of its own, gets the 403 page.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  const response = await stranger.goto('/adminpanel/queues/');
  expect(response?.status()).toBe(403);
  await expect(stranger.getByRole('heading', { name: unauthorized })).toBeVisible();
  await expectAccessible(stranger, 'the queue dashboard refused (403 page)');
  await strangerContext.close();
});

test('a buyer who signs in to the console is turned away to the storefront', async ({ page, baseURL }) => {
  await signIn(page, 'buyer@mandi.test');

  await expect(page.getByText(unauthorized)).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('one sign-in: the storefront and the console share the session, and signing out of either signs out of both', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });

  // Signed in on the storefront, the admin opens the console and meets no second sign-in form.
  await page.goto('/signin');
  await page.getByLabel('Email').fill('admin@mandi.test');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/adminpanel');
  await expect(page.getByRole('menuitem', { name: 'Orders', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /sign in/i })).toHaveCount(0);

  // Signing out of the console signs out of the storefront.
  await page
    .getByRole('button', { name: /profile|admin/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: /logout/i }).click();
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  // Signed in on the console, the storefront is signed in; signing out there sends an open console to its sign-in.
  await signIn(page, 'admin@mandi.test');
  await expect(page.getByRole('menuitem', { name: 'Orders', exact: true })).toBeVisible();
  const shop = await page.context().newPage();
  await shop.goto('/');
  const account = shop.getByRole('banner').getByRole('button', { name: /mandi_official/ });
  await expect(account).toBeVisible();
  await account.click();
  await shop.getByRole('menuitem', { name: 'Sign Out' }).click();
  await shop.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(shop.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible({ timeout: 10_000 });
  await shop.close();
});
