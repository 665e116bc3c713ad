import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { expectAccessible, expectFocusVisible, tabTo } from './support/accessibility.js';
import {
  createVerifiedAccount,
  demoPassword,
  e2eDatabaseUrl,
  emulatorSignIn,
  saveDefaultAddress,
  uniqueName,
} from './journey-helpers.js';

/*
 * Issue 18, accessible: the pages the other journeys do not reach, checked with axe (WCAG 2.1 A and AA, no serious or
 * critical violation), and the storefront used with the keyboard alone: the header's controls in order with a
 * visible focus, the side menu and the user menu opened and closed by keyboard, and a product bought from the home
 * page to the payment page without a mouse. The other journeys call expectAccessible at each page they pass.
 */

const db = new pg.Pool({ connectionString: e2eDatabaseUrl, max: 2 });
test.afterAll(async () => {
  await db.end();
});

/** The page has answered: the route's code and its data are in, the loading overlay is gone. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-label="Loading page"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
}

async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A new verified buyer with a saved default address, as the address modal would save it. */
async function buyerWithAddress(): Promise<{ email: string; userId: number }> {
  const username = uniqueName('a11y');
  const email = `${username}@mandi.test`;
  await createVerifiedAccount(email, username, demoPassword);
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  const userId = rows[0]!.id;
  await saveDefaultAddress(db, userId, { name: 'Asha Verma', house: '4, Green Park', landmark: 'Near the temple' });
  return { email, userId };
}

test('the information pages, the seller page, not found and a popup have no serious or critical violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pages: Array<[string, string, RegExp | string]> = [
    ['/become-seller', 'become seller', /sell/i],
    ['/aboutus', 'about', /about/i],
    ['/terms-and-conditions', 'terms', /terms/i],
    ['/privacy-policy', 'privacy', /privacy/i],
    ['/no-such-page', 'not found', 'This page has gone to seed'],
  ];
  for (const [path, name, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await settled(page);
    await expectAccessible(page, name);
  }

  const { uid } = (await emulatorSignIn('seller@mandi.test', demoPassword))!;
  await page.goto(`/seller/${uid}`);
  await expect(page.locator('article').first()).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'seller page');

  // The contact form sent empty: each field says what is missing, and the first takes the focus.
  await page.goto('/contactus');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await expectAccessible(page, 'contact, a form with errors');

  // A product's seller contact popup over the listing.
  await page.goto('/');
  await page
    .getByRole('button', { name: /^Contact / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'home, the contact popup open');
});

test('the loading overlay is announced and the content under it is marked busy', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A search is answered in the browser; held for a moment, the overlay stays up long enough to be checked.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/products?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?search=aloo');
  const overlay = page.getByRole('status').filter({ hasText: 'Loading…' });
  await expect(overlay).toBeAttached();
  await expectAccessible(page, 'home, the loading overlay up');
  await expect(overlay).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
});

test('the phone side menu and the user menu open, work and close by keyboard, with the focus visible', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'seller@mandi.test');
  await page.goto('/aboutus');
  await settled(page);

  // The side menu: opened from its button, focus inside, Tab stays inside, Escape closes it and gives the focus back.
  const open = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expectAccessible(page, 'side menu open (390 px)');
  for (let press = 0; press < 20; press += 1) {
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'in the side menu');
    expect(await menu.evaluate((panel) => panel.contains(document.activeElement)), 'Tab stays in the side menu').toBe(
      true,
    );
  }
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(open).toBeFocused();

  // A link of the side menu followed with Enter.
  await page.keyboard.press('Enter');
  await tabTo(page, menu.getByRole('link', { name: 'Contact Us' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contactus$/);

  // The desktop user menu: Enter opens it on its first item, arrows move, Escape closes it back to its button.
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = page.getByRole('banner').locator('button[aria-haspopup="menu"]');
  await account.focus();
  await page.keyboard.press('Enter');
  const userMenu = page.getByRole('menu');
  await expect(userMenu.getByRole('menuitem').first()).toBeFocused();
  await expectFocusVisible(page, 'the user menu');
  await expectAccessible(page, 'user menu open');
  await page.keyboard.press('ArrowDown');
  await expect(userMenu.getByRole('menuitem', { name: 'Seller Dashboard' })).toBeFocused();
  await expectFocusVisible(page, 'the user menu');
  await page.keyboard.press('Escape');
  await expect(userMenu).toHaveCount(0);
  await expect(account).toBeFocused();

  // Through the menu to the seller dashboard.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'seller dashboard');
});

test('the header is reached in order by Tab with the focus always visible, desktop and phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await settled(page);
  const banner = page.getByRole('banner');
  // The skip link comes first and moves the focus to the page's content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expectFocusVisible(page, 'the skip link');
  const stops = await tabTo(page, banner.getByRole('navigation').getByRole('link', { name: 'About Us' }));
  for (const control of [
    'Mandi',
    'Search farm-fresh products',
    'Sign In',
    'Home',
    'Cart',
    'Become a Seller',
    'Orders',
    'Contact Us',
  ]) {
    expect(
      stops.some((stop) => stop.includes(`"${control}`)),
      `${control} is a Tab stop of the header: ${stops.join(', ')}`,
    ).toBe(true);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await settled(page);
  await page.keyboard.press('Tab');
  const phoneStops = await tabTo(page, banner.getByRole('link', { name: 'Cart' }));
  for (const control of ['Open menu', 'Mandi', 'Open search']) {
    expect(
      phoneStops.some((stop) => stop.includes(`"${control}`)),
      `${control} is a Tab stop on a phone: ${phoneStops.join(', ')}`,
    ).toBe(true);
  }
  // The phone's search opens from the keyboard and takes the focus.
  await banner.getByRole('button', { name: 'Open search' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Search farm-fresh products' })).toBeFocused();
  await expectAccessible(page, 'home, the phone search open (390 px)');
});

test('a buyer adds to the cart and checks out with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const buyer = await buyerWithAddress();
  await signIn(page, buyer.email);
  await settled(page);

  // From the top of the home page, Tab to the first product's Add button and press it.
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await tabTo(page, page.getByRole('button', { name: 'Add Desi Tamatar to cart' }), 80);
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog');
  await expect(popup.getByText('Item added to cart!')).toBeVisible();
  // The popup holds the focus on OK; Enter closes it and the focus returns to the Add button.
  await expect(popup.getByRole('button', { name: 'OK' })).toBeFocused();
  await expectFocusVisible(page, 'the popup');
  await page.keyboard.press('Enter');
  await expect(popup).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Desi Tamatar to cart' })).toBeFocused();

  // Back up to the header's Cart link.
  const cartLink = page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true });
  for (let press = 0; press < 80 && !(await cartLink.evaluate((link) => link === document.activeElement)); press += 1) {
    await page.keyboard.press('Shift+Tab');
    await expectFocusVisible(page, 'Shift+Tab back to the header');
  }
  await expect(cartLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cartpage$/);
  await settled(page);

  // The quantity stepper answers the keyboard, then Proceed to Checkout.
  await tabTo(page, page.getByRole('button', { name: 'One more Desi Tamatar' }), 60);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Quantity of Desi Tamatar' })).toContainText('2');
  await tabTo(page, page.getByRole('button', { name: 'Proceed to Checkout' }), 30);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product-checkout$/);
  await settled(page);

  // The address book: opened by keyboard, it holds the focus while open and gives it back on Escape.
  const book = page.getByRole('button', { name: 'Select Address' });
  await tabTo(page, book, 60);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'checkout, the address book open');
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'in the address book');
    expect(await dialog.evaluate((box) => box.contains(document.activeElement)), 'Tab stays in the address book').toBe(
      true,
    );
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(book).toBeFocused();

  // Cash on Delivery chosen with the arrow keys of the radio group; Continue with Enter.
  await tabTo(page, page.getByRole('radio', { checked: true }), 60);
  const cod = page.getByRole('radio', { name: 'Cash on Delivery' });
  for (let press = 0; press < 3 && !(await cod.isChecked()); press += 1) await page.keyboard.press('ArrowDown');
  await expect(cod).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }), 30);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment-page$/);
  await settled(page);

  // Place Order with the keyboard: the order is made and the buyer lands on My Orders.
  const place = page
    .getByRole('complementary', { name: 'Payment summary' })
    .getByRole('button', { name: 'Place Order' });
  await tabTo(page, place, 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${buyer.userId}$`), { timeout: 10_000 });
  const { rows } = await db.query<{ payment_method: string }>('SELECT payment_method FROM orders WHERE user_id = $1', [
    buyer.userId,
  ]);
  expect(rows).toEqual([{ payment_method: 'cod' }]);
});

test('the console tabs the order journeys do not open, its sign-in and its phone menu have no serious or critical violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/adminpanel');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await expectAccessible(page, 'console sign-in');
  await page.getByLabel(/email/i).fill('admin@mandi.test');
  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'console sign-in, refused');
  await page.getByLabel(/password/i).fill(demoPassword);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Orders', exact: true })).toBeVisible();

  const tabs: Array<[string, string, RegExp]> = [
    ['/adminpanel/interested-sellers', 'console Interested Sellers', /Interested Sellers/],
    ['/adminpanel/dead-jobs', 'console Dead jobs', /Dead jobs/i],
    ['/adminpanel/users', 'console Users', /Users/],
    ['/adminpanel/health', 'console System health', /System health/i],
  ];
  for (const [path, name, title] of tabs) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toContainText(title);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, name);
  }

  // The Orders tab by keyboard: every stop from the app bar to the list's first action shows where the focus is.
  await page.goto('/adminpanel/orders');
  await page.waitForLoadState('networkidle');
  await tabTo(page, page.getByRole('button', { name: 'Export CSV' }), 60);
  await page.getByRole('group', { name: 'Placed in the last' }).getByRole('button').first().focus();
  await page.keyboard.press('Tab');
  await expectFocusVisible(page, 'the period buttons');

  // A phone: the sidebar opens as a drawer from the app bar's menu button, by keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/adminpanel/orders');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'console Orders (390 px)');
  const toggle = page.getByRole('button', { name: /menu/i }).first();
  await toggle.focus();
  await expectFocusVisible(page, 'the console menu button');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Users', exact: true })).toBeVisible();
  await expectAccessible(page, 'console side menu open (390 px)');
});
