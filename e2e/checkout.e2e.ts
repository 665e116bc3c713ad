import { expect, test, type Page } from '@playwright/test';
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

// Checkout and payment of docs/payments.md (sections 2 to 9): a buyer checks out the cart by cash on delivery after adding an
// address from the pincode directory, pays online through the Razorpay sandbox's checkout, closes the tab before the
// success call (the webhook alone pays the order), and fails a payment (the order stays unpaid).

const db = new pg.Pool({ connectionString: e2eDatabaseUrl, max: 2 });
test.afterAll(async () => {
  await db.end();
});

interface Buyer {
  email: string;
  userId: number;
}

/** A new verified buyer, signed in through the sign-in page. */
async function signedInBuyer(page: Page): Promise<Buyer> {
  const username = uniqueName('buyer');
  const email = `${username}@mandi.test`;
  await createVerifiedAccount(email, username, demoPassword);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return { email, userId: rows[0]!.id };
}

/** A saved default address, as the address modal would save it (for journeys about payment, not addresses). */
async function savedAddress(buyer: Buyer): Promise<void> {
  await saveDefaultAddress(db, buyer.userId, {
    name: 'Kavya Reddy',
    house: '7, Lake View Residency',
    landmark: 'Opposite the post office',
  });
}

/** The buyer's latest order with its payment. */
async function latestOrder(buyer: Buyer) {
  const { rows } = await db.query<{
    status: string;
    payment_status: string;
    payment_method: string;
    total_paise: number;
    payment: string;
  }>(
    `SELECT o.status, o.payment_status, o.payment_method, o.total_paise, p.status AS payment
       FROM orders o JOIN payments p ON p.order_id = o.id
      WHERE o.user_id = $1 ORDER BY o.id DESC LIMIT 1`,
    [buyer.userId],
  );
  return rows[0];
}

/** Buy Now of the official A2 Cow Ghee, then the payment page for paying online to the saved address. */
async function toOnlinePayment(page: Page): Promise<void> {
  await page
    .getByRole('link', { name: /A2 Cow Ghee/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/product-checkout\/\d+$/);
  await expect(page.getByRole('radio', { name: 'Pay Online' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/payment-page$/);
}

test('a buyer adds two products, adds an address by pincode and checks out by cash on delivery', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const buyer = await signedInBuyer(page);

  const popup = page.getByRole('dialog');
  for (const name of ['Desi Tamatar', 'Nashik Pyaz']) {
    await page.getByRole('button', { name: `Add ${name} to cart` }).click();
    await expect(popup.getByText('Item added to cart!')).toBeVisible();
    await popup.getByRole('button', { name: 'OK' }).click();
  }
  await page.goto('/cartpage');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/product-checkout$/);
  await expect(page.getByRole('button', { name: 'Add New Address' })).toBeVisible();
  await expectAccessible(page, 'checkout (390 px)');

  // Continue without an address is refused with the spec's text.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Select Address' })).toContainText(
    'Please select a delivery address to continue.',
  );
  await expectAccessible(page, 'checkout, the Select Address popup');
  await page.getByRole('dialog', { name: 'Select Address' }).getByRole('button', { name: 'OK' }).click();

  await page.getByRole('button', { name: 'Add New Address' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Address' });
  // Saved empty first: each field says what it needs.
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'checkout, the address form with errors');
  await form.getByLabel('Full Name').fill('Meera Iyer');
  await form.getByLabel('Mobile Number').fill('9876543210');
  await form.getByLabel('Pincode').fill('560001');
  // State, district and taluk come from the India Post directory.
  await expect(form.getByLabel('State')).toHaveValue('Karnataka');
  await expect(form.getByLabel('District')).not.toHaveValue('');
  await expect(form.getByLabel('Taluk')).not.toHaveValue('');
  await form.getByLabel('Flat, House no., Building').fill('12, Residency Apartments');
  await form.getByLabel('Area, Street, Village').fill('MG Road');
  await form.getByLabel('Landmark').fill('Near the metro station');
  await page.screenshot({ path: screenshotPath('checkout-address-390.png') });
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('region', { name: 'Delivery Address' })).toContainText('Meera Iyer');

  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/payment-page$/);
  const summary = page.getByRole('complementary', { name: 'Payment summary' });
  // ₹40 + ₹150 = ₹190; 6 kg by cash on delivery: (75 + 5 x 35) x 1.18 = ₹295.00; total ₹485.00.
  await expect(summary).toContainText('₹485.00');
  await expectAccessible(page, 'payment (390 px, cash on delivery)');
  await page.screenshot({ path: screenshotPath('payment-cod-390.png'), fullPage: true });
  await summary.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orders/${buyer.userId}$`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  await expectAccessible(page, 'My Orders (390 px)');

  expect(await latestOrder(buyer)).toMatchObject({
    status: 'pending',
    payment_status: 'unpaid',
    payment_method: 'cod',
    total_paise: 48_500,
  });
  const { rows } = await db.query('SELECT count(*)::int AS lines FROM cart_items WHERE user_id = $1', [buyer.userId]);
  expect(rows[0].lines).toBe(0);
});

test('a buyer pays online through the Razorpay checkout', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const buyer = await signedInBuyer(page);
  await savedAddress(buyer);
  await toOnlinePayment(page);
  await expectAccessible(page, 'payment (1280 px, online)');

  // A2 Cow Ghee ₹1,450 + 1 kg online shipping ₹30.
  await page.getByRole('button', { name: 'Pay ₹1,480.00' }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
  await expect(checkout).toBeVisible();
  await page.screenshot({ path: screenshotPath('razorpay-sandbox-checkout-1280.png') });
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('dialog', { name: 'Payment successful' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orders/${buyer.userId}$`), { timeout: 10_000 });
  expect(await latestOrder(buyer)).toMatchObject({
    status: 'confirmed',
    payment_status: 'paid',
    payment: 'captured',
    total_paise: 148_000,
  });
});

test('a buyer who closes the tab before the success call still gets a paid order, from the webhook', async ({
  page,
}) => {
  const buyer = await signedInBuyer(page);
  await savedAddress(buyer);
  await toOnlinePayment(page);

  // The tab goes away the moment the widget reports success, before our success call leaves the browser.
  await page.route('**/api/payment/payment-success', async () => {
    await page.close();
  });
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByRole('dialog', { name: 'Razorpay sandbox checkout' }).getByRole('button', { name: /^Pay/ }).click();
  await expect.poll(async () => (await latestOrder(buyer))?.payment_status, { timeout: 15_000 }).toBe('paid');
  expect(await latestOrder(buyer)).toMatchObject({ status: 'confirmed', payment: 'captured' });
});

test('a failed payment leaves the order unpaid and says so', async ({ page }) => {
  const buyer = await signedInBuyer(page);
  await savedAddress(buyer);
  await toOnlinePayment(page);

  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page
    .getByRole('dialog', { name: 'Razorpay sandbox checkout' })
    .getByRole('button', { name: 'Fail payment' })
    .click();
  const failed = page.getByRole('dialog', { name: 'Payment Failed' });
  await expect(failed).toContainText('Something went wrong, please try again.');
  await expectAccessible(page, 'payment, the Payment Failed popup');
  await expect.poll(async () => (await latestOrder(buyer))?.payment, { timeout: 15_000 }).toBe('failed');
  expect(await latestOrder(buyer)).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
});
