import { expect, test } from '@playwright/test';
import { demoPassword } from './journey-helpers.js';
import { expectAccessible } from './support/accessibility.js';

// The cart of docs/cart.md: a signed-in buyer adds from the listing (and is told when a product is there already), sees
// the lines and the total on /cartpage, changes a quantity and removes a line after the confirmation.

test('a buyer adds products to the cart, changes a quantity and removes a line', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/signin');
  await page.getByLabel('Email').fill('buyer@mandi.test');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);

  const popup = page.getByRole('dialog');
  for (const name of ['Desi Tamatar', 'Nashik Pyaz']) {
    await page.getByRole('button', { name: `Add ${name} to cart` }).click();
    await expect(popup.getByText('Item added to cart!')).toBeVisible();
    await expectAccessible(page, 'home, the Item added popup (390 px)');
    await popup.getByRole('button', { name: 'OK' }).click();
  }
  await page.getByRole('button', { name: 'Add Desi Tamatar to cart' }).click();
  await expect(popup.getByText('Product already in cart.')).toBeVisible();
  await popup.getByRole('button', { name: 'OK' }).click();

  await page.goto('/cartpage');
  const items = page.getByRole('list', { name: 'Items in your cart' });
  await expect(items.getByRole('listitem')).toHaveCount(2);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  // Desi Tamatar ₹40 + Nashik Pyaz ₹150.
  await expect(summary).toContainText('₹190.00');
  await expectAccessible(page, 'cart (390 px)');
  await page.getByRole('button', { name: 'One more Desi Tamatar' }).click();
  await expect(summary).toContainText('₹230.00');

  await page.getByRole('button', { name: 'Remove Nashik Pyaz' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Remove Item?' })).toBeVisible();
  await expectAccessible(page, 'cart, the Remove Item confirmation');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(items.getByRole('listitem')).toHaveCount(1);
  await expect(summary).toContainText('₹80.00');

  // What the server holds survives a reload.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toContainText('2');
});
