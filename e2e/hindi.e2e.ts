import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import {
  createVerifiedAccount,
  demoPassword,
  e2eDatabaseUrl,
  saveDefaultAddress,
  screenshotPath,
  uniqueName,
} from './journey-helpers.js';
import { expectAccessible } from './support/accessibility.js';

// Issue 18: a buyer whose phone is set to Hindi gets the storefront in Hindi on the first visit, can switch language
// and back (remembered), and buys a product in Hindi from the home page to My Orders. Every text the journey looks
// for is the Hindi catalogue's, and each is checked to be Devanagari, so an untranslated page fails.

const db = new pg.Pool({ connectionString: e2eDatabaseUrl, max: 2 });
test.afterAll(async () => {
  await db.end();
});

/** A language's whole catalogue, as the storefront's build merges it. */
function catalogue(language: 'en' | 'hi'): Record<string, string> {
  const dir = fileURLToPath(new URL(`../storefront/src/i18n/catalogues/${language}/`, import.meta.url));
  return Object.assign({}, ...readdirSync(dir).map((file) => JSON.parse(readFileSync(`${dir}${file}`, 'utf8'))));
}
const hi = catalogue('hi');
const en = catalogue('en');

/** The Hindi text of `key` with its simple placeholders filled; it must be written in Devanagari. */
function hindi(key: string, values: Record<string, string> = {}): string {
  const message = hi[key];
  expect(message, `Hindi catalogue key ${key}`).toBeDefined();
  expect(message, `${key} is written in Devanagari`).toMatch(/[\u0900-\u097F]/);
  return message!.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

test.use({ locale: 'hi-IN', viewport: { width: 390, height: 844 } });

test('a buyer with a Hindi phone buys a product in Hindi, from the home page to My Orders', async ({ page }) => {
  test.setTimeout(120_000);
  // First visit: the browser's language chooses Hindi, on the server-rendered page as in the browser.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { name: hindi('products.home.heroTitle') })).toBeVisible();
  await expect(page.getByRole('link', { name: /Desi Tamatar/ }).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('hindi-home-390.png') });
  await expectAccessible(page, 'home in Hindi');

  // The switch in the side menu: English, then back to Hindi, remembered across a reload.
  await page.getByRole('button', { name: hindi('header.openMenu') }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: en['products.home.heroTitle'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await page.getByRole('dialog').getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: hindi('products.home.heroTitle') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: hindi('products.home.heroTitle') })).toBeVisible();

  // Sign in, in Hindi.
  const username = uniqueName('hindi');
  const email = `${username}@mandi.test`;
  await createVerifiedAccount(email, username, demoPassword);
  await page.goto('/signin');
  await page.getByLabel(hindi('auth.field.email')).fill(email);
  await page.getByLabel(hindi('auth.field.password'), { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: hindi('auth.signIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  const userId = rows[0]!.id;
  await saveDefaultAddress(db, userId, {
    name: 'Sunita Devi',
    house: '14, Gandhi Nagar',
    landmark: 'Hanuman Mandir ke paas',
  });

  // The product page: the seller's own words stay as written, everything around them is Hindi, rupees in hi-IN.
  await page
    .getByRole('link', { name: /Desi Tamatar/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  // Exact: while the product page's chunk loads the home listing is still drawn, and its cards' buttons are named
  // 'Desi Tamatar कार्ट में जोड़ें'; a partial match would find those (strict-mode failure) instead of waiting.
  await expect(page.getByRole('button', { name: hindi('products.page.addToCart'), exact: true })).toBeVisible();
  await expect(page.getByText(/₹\d/).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('hindi-product-390.png'), fullPage: true });
  await expectAccessible(page, 'product page in Hindi');

  // Add to cart from the home page, with the Hindi popup (moving inside the app, as a buyer does).
  await page.getByRole('link', { name: hindi('header.home.label') }).click();
  await page.getByRole('button', { name: hindi('products.card.addLabel', { name: 'Desi Tamatar' }) }).click();
  const popup = page.getByRole('dialog');
  await expect(popup.getByText(hindi('products.addToCart.added.text'))).toBeVisible();
  await popup.getByRole('button', { name: hindi('ui.ok') }).click();

  // The header hides while scrolling down the list; back at the top it shows again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .getByRole('banner')
    .getByRole('link', { name: hindi('header.nav.cart') })
    .click();
  await expect(page.getByRole('heading', { name: hindi('cart.title') })).toBeVisible();
  await page.screenshot({ path: screenshotPath('hindi-cart-390.png'), fullPage: true });
  await expectAccessible(page, 'cart in Hindi');
  await page.getByRole('button', { name: hindi('cart.proceed') }).click();
  await expect(page).toHaveURL(/\/product-checkout$/);

  await expect(page.getByRole('region', { name: hindi('checkout.address.title') })).toContainText('Sunita Devi');
  await page.getByRole('radio', { name: hindi('checkout.method.cod.title') }).check();
  await page.screenshot({ path: screenshotPath('hindi-checkout-390.png'), fullPage: true });
  await expectAccessible(page, 'checkout in Hindi');
  await page.getByRole('button', { name: hindi('checkout.continue') }).click();
  await expect(page).toHaveURL(/\/payment-page$/);
  const summary = page.getByRole('complementary', { name: hindi('checkout.summary.paymentLabel') });
  await expect(summary).toContainText('₹');
  await page.screenshot({ path: screenshotPath('hindi-payment-390.png'), fullPage: true });
  await summary.getByRole('button', { name: hindi('checkout.payment.placeOrder') }).click();
  await expect(page.getByRole('dialog', { name: hindi('checkout.placed.title') })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orders/${userId}$`), { timeout: 10_000 });

  // My Orders in Hindi: the order, its status and its payment method.
  await expect(page.getByRole('heading', { name: hindi('orders.myOrders') })).toBeVisible();
  await expect(page.getByText(hindi('orders.status.pending')).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('hindi-orders-390.png'), fullPage: true });
  await expectAccessible(page, 'My Orders in Hindi');
  // The order's own page names the payment method in Hindi.
  await page
    .getByRole('link', { name: hindi('orders.card.view') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await expect(page.getByText(hindi('orders.paymentMethod.cod')).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('hindi-order-390.png'), fullPage: true });
  await expectAccessible(page, 'order page in Hindi');

  const order = await db.query<{ status: string; payment_method: string }>(
    'SELECT status, payment_method FROM orders WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [userId],
  );
  expect(order.rows[0]).toEqual({ status: 'pending', payment_method: 'cod' });
  // The account follows the storefront's language, so its order mails and invoice come in Hindi.
  await expect
    .poll(async () => (await db.query('SELECT language FROM users WHERE id = $1', [userId])).rows[0].language)
    .toBe('hi');
});
