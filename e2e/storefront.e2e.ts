import { expect, test } from '@playwright/test';
import { screenshotPath } from './journey-helpers.js';

/** Phone first (design.md section 8), then desktop. */
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
    // The footer's three columns (000, "Footer"); they fade in only near the bottom, so they need not be visible.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Connect With Us')).toBeAttached();
    await expect(footer.getByText('Know Us')).toBeAttached();
    await expect(footer.getByText('Buy Now')).toBeAttached();
    // The listing has answered (the loading overlay of 000 section 2 is gone) before the picture is taken.
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath(`storefront-home-${viewport.name}.png`), fullPage: true });
  });
}
