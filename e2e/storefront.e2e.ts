import { expect, test } from '@playwright/test';
import { demoPassword, screenshotPath } from './journey-helpers.js';
import { expectAccessible } from './support/accessibility.js';

/** Phone first (docs/frontends.md), then desktop. */
const viewports = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test(`the storefront home opens with its header and footer (${viewport.name} ${viewport.width}x${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });

    await page.goto('/');

    await expect(page.getByRole('banner')).toBeVisible();
    // The footer's three columns (docs/frontends.md, "Footer"); they fade in only near the bottom, so they need not be visible.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Connect With Us')).toBeAttached();
    await expect(footer.getByText('Know Us')).toBeAttached();
    await expect(footer.getByText('Buy Now')).toBeAttached();
    // The listing has answered (the loading overlay of docs/frontends.md is gone) before the picture is taken.
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await expectAccessible(page, `home (${viewport.width} px)`);
    await page.screenshot({ path: screenshotPath(`storefront-home-${viewport.name}.png`), fullPage: true });
  });
}

test('the home lists the seeded catalog, newest first, with the Original badge on official products', async ({
  page,
}) => {
  await page.goto('/');
  // The seed posts Desi Tamatar most recently (30 s ago), so it leads the newest-first listing.
  await expect(page.locator('article').first().getByRole('heading')).toHaveText('Desi Tamatar');
  await expect(page.locator('article').getByText('Original', { exact: true }).first()).toBeVisible();
  await expect(page.locator('article')).toHaveCount(24);
});

test('a visitor asked for Orders is told to sign in, and the admin who signs in sees Sell and Profile', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Sell', exact: true })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Orders', exact: true }).click();
  const popup = page.getByRole('dialog');
  await expect(popup.getByText('Not Signed In')).toBeVisible();
  await expect(popup.getByText('Please sign in to view your orders.')).toBeVisible();
  await expectAccessible(page, 'home, the Not Signed In popup');
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectAccessible(page, 'sign in');

  await page.getByLabel('Email').fill('admin@mandi.test');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The role comes from our database through POST /api/user/getUserId (docs/frontends.md).
  await expect(nav.getByRole('link', { name: 'Sell', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
  await expectAccessible(page, 'home, signed in as the admin');
  await page.screenshot({ path: screenshotPath('storefront-admin-desktop.png') });
});
