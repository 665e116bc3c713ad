import { execFileSync } from 'node:child_process';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import {
  createVerifiedAccount,
  demoPassword,
  e2eDatabaseUrl,
  emulatorSignIn,
  screenshotPath,
  uniqueName,
} from './journey-helpers.js';
import { expectAccessible } from './support/accessibility.js';

// Orders after checkout (docs/orders.md): an admin confirms, marks paid, ships and delivers a cash on
// delivery order in the console while the buyer downloads the invoice the worker issued; a buyer asks to cancel and
// the admin cancels (a credit note appears); an admin cancels a paid online order and the sandbox refunds it.

const sandboxUrl = 'http://127.0.0.1:9300';
const sandboxAuth = `Basic ${Buffer.from('rzp_test_mandisandbox:mandi_sandbox_key_secret').toString('base64')}`;
const db = new pg.Pool({ connectionString: e2eDatabaseUrl, max: 2 });
test.afterAll(async () => {
  await db.end();
});

interface Buyer {
  email: string;
  userId: number;
  token: string;
  addressId: number;
}

/** A verified buyer with a saved address, and an ID token for API calls. */
async function newBuyer(baseURL: string): Promise<Buyer> {
  const username = uniqueName('orders');
  const email = `${username}@mandi.test`;
  await createVerifiedAccount(email, username, demoPassword);
  const { idToken } = (await emulatorSignIn(email, demoPassword))!;
  const {
    rows: [user],
  } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  const created = await fetch(`${baseURL}/api/addresses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      user_id: user!.id,
      name: 'Rohan Kulkarni',
      mobile: '9812345678',
      pincode: '560001',
      state: 'Karnataka',
      district: 'Bangalore',
      taluk: 'Bangalore North',
      flat_house_building: '3, Palm Grove Apartments',
      area_or_street_or_village: 'Brigade Road',
      landmark: 'Opposite the church',
    }),
  });
  expect(created.status).toBe(201);
  return { email, userId: user!.id, token: idToken, addressId: Number((await created.json()).id) };
}

async function productId(name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM products WHERE name = $1 LIMIT 1', [name]);
  return rows[0]!.id;
}

async function api(baseURL: string, buyer: Buyer, path: string, body: unknown) {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return response.json();
}

/** A cash-on-delivery order of one Desi Tamatar (₹40, 1 kg: ₹88.50 shipping), as the payment page places it. */
async function codOrder(baseURL: string, buyer: Buyer): Promise<number> {
  const cartItems = [{ productId: await productId('Desi Tamatar'), quantity: 1, price: 40 }];
  const placed = await api(baseURL, buyer, '/api/payment/cod', {
    userId: buyer.userId,
    addressId: buyer.addressId,
    cartItems,
    billing: { subtotal: 40, shippingCost: 88.5, grandTotal: 128.5 },
  });
  return Number(placed.orderId);
}

async function signInToStorefront(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * The consoles a test opened, closed after it whether it passed or failed, and awaited: a context still closing when
 * the next test starts makes that test's setup fail ('Target page, context or browser has been closed', the storefront
 * journey's flake after this file, docs/development.md, "Flaky tests").
 */
const consoles = new Set<BrowserContext>();
test.afterEach(async () => {
  await Promise.all([...consoles].map((context) => context.close()));
  consoles.clear();
});

/** The admin, signed in to the console in a browser of its own (closed after the test). */
async function adminConsole(browser: Browser): Promise<Page> {
  // A context of its own (not browser.newPage): axe opens a page beside it to gather the frames' results.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  consoles.add(context);
  const page = await context.newPage();
  await page.goto('/adminpanel');
  await page.getByLabel(/email|username/i).fill('admin@mandi.test');
  await page.getByLabel(/password/i).fill(demoPassword);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Orders', exact: true })).toBeVisible();
  return page;
}

/** The console's row of order `id`, found through the search box on a fresh load of the Orders tab. */
async function orderRow(admin: Page, id: number) {
  await admin.goto('/adminpanel/orders');
  await admin.getByLabel('Search orders').fill(`#${id}`);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: `#${id}`, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

async function act(admin: Page, id: number, button: string, status: RegExp) {
  const row = await orderRow(admin, id);
  await row.getByRole('button', { name: button }).click();
  await expect(row).toContainText(status);
}

/** Reloads the buyer's order page until `button` shows (the worker issues documents in the background). */
async function waitForButton(page: Page, id: number, button: string): Promise<void> {
  await expect(async () => {
    await page.goto(`/order/${id}`);
    await expect(page.getByRole('button', { name: button })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('an admin confirms, marks paid, ships and delivers a cash-on-delivery order; the buyer downloads its invoice', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = await newBuyer(baseURL!);
  const id = await codOrder(baseURL!, buyer);
  const admin = await adminConsole(browser);

  await act(admin, id, 'Confirm', /confirmed/i);
  await act(admin, id, 'Mark as Paid', /paid/i);
  await expectAccessible(admin, 'console Orders (1440 px)');
  await admin.screenshot({ path: screenshotPath('console-orders-1440.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await signInToStorefront(page, buyer.email);
  await waitForButton(page, id, 'Download Invoice');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Invoice' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{2}-\d{2}-\d{6}\.pdf$/);
  const pdf = screenshotPath('invoice.pdf');
  await download.saveAs(pdf);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  const {
    rows: [invoice],
  } = await db.query<{ number: string }>('SELECT number FROM invoices WHERE order_id = $1', [id]);
  expect(text).toContain(invoice!.number);
  expect(text).toContain('128.50');
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, screenshotPath('invoice')]);
  await expectAccessible(page, 'order (390 px, with its invoice)');
  await page.screenshot({ path: screenshotPath('order-details-390.png'), fullPage: true });

  await act(admin, id, 'Mark as Shipped', /shipped/i);
  await act(admin, id, 'Mark as Delivered', /delivered/i);
  await page.goto(`/order/${id}`);
  await expect(page.getByRole('region', { name: 'Order status' })).toContainText(/delivered/i);
});

test('a buyer asks to cancel a paid order, the admin cancels it, and a credit note appears', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = await newBuyer(baseURL!);
  const id = await codOrder(baseURL!, buyer);
  const admin = await adminConsole(browser);
  await act(admin, id, 'Mark as Paid', /paid/i);

  await signInToStorefront(page, buyer.email);
  await waitForButton(page, id, 'Download Invoice');
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  await expectAccessible(page, 'order, the Cancel Order form');
  await dialog.getByRole('textbox', { name: 'Reason for cancellation' }).fill('Ordered twice by mistake');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('button', { name: 'Cancellation Requested' })).toBeDisabled();

  const row = await orderRow(admin, id);
  await expect(row).toContainText('Ordered twice by mistake');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await admin
    .getByRole('dialog', { name: `Cancel order #${id}?` })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(row).toContainText(/cancelled/i);

  await waitForButton(page, id, 'Download Credit Note');
  const {
    rows: [note],
  } = await db.query<{ number: string }>('SELECT number FROM credit_notes WHERE order_id = $1', [id]);
  expect(note!.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
});

test('an admin cancels a paid online order and Razorpay (the sandbox) refunds it', async ({ browser, baseURL }) => {
  const buyer = await newBuyer(baseURL!);
  // A2 Cow Ghee ₹1,450 + ₹30 online shipping, paid through the sandbox's own checkout call.
  const items = [{ productId: await productId('A2 Cow Ghee'), quantity: 1, price: 1450 }];
  const created = await api(baseURL!, buyer, '/api/payment/order', {
    userId: buyer.userId,
    addressId: buyer.addressId,
    items,
    amount: 1480,
  });
  const paid = await fetch(`${sandboxUrl}/sandbox/orders/${created.order.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'success', delivery: 'now', wait: true }),
  }).then((response) => response.json());
  const orderOf = async () =>
    (
      await db.query<{ id: number; status: string; payment_status: string }>(
        'SELECT o.id, o.status, o.payment_status FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.provider_order_id = $1',
        [created.order.id],
      )
    ).rows[0]!;
  await expect.poll(async () => (await orderOf()).payment_status, { timeout: 15_000 }).toBe('paid');
  const { id } = await orderOf();

  const admin = await adminConsole(browser);
  const row = await orderRow(admin, id);
  await row.getByRole('button', { name: 'Cancel' }).click();
  await admin
    .getByRole('dialog', { name: `Cancel order #${id}?` })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(row).toContainText(/cancelled/i);

  const refundOf = async () =>
    (
      await db.query<{ status: string; amount_paise: number }>(
        'SELECT r.status, r.amount_paise FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = $1',
        [id],
      )
    ).rows[0];
  await expect.poll(async () => (await refundOf())?.status, { timeout: 30_000 }).toBe('processed');
  expect((await refundOf())!.amount_paise).toBe(148_000);
  const atRazorpay = await fetch(`${sandboxUrl}/v1/payments/${paid.razorpay_payment_id}`, {
    headers: { authorization: sandboxAuth },
  }).then((r) => r.json());
  expect(atRazorpay).toMatchObject({ status: 'refunded', amount_refunded: 148_000 });
});

test('the console runs the business: the order page and its timeline, the audit trail, export, dashboard, products and GST returns', async ({
  browser,
  baseURL,
}) => {
  const buyer = await newBuyer(baseURL!);
  const id = await codOrder(baseURL!, buyer);
  const admin = await adminConsole(browser);
  await act(admin, id, 'Confirm', /confirmed/i);
  await act(admin, id, 'Mark as Paid', /paid/i);

  // The order page, opened from the row's '#id': its lines, its invoice once the worker issued it, and who did what.
  await (await orderRow(admin, id)).getByRole('link', { name: `#${id}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Order lines' })).toContainText('Desi Tamatar');
  await expect(async () => {
    await admin.reload();
    await expect(admin.getByRole('list', { name: 'Timeline' })).toContainText('Invoice issued', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const timeline = admin.getByRole('list', { name: 'Timeline' });
  for (const step of ['Order placed', 'Order confirmed', 'Order paid', 'admin mandi_official'])
    await expect(timeline).toContainText(step);
  await expectAccessible(admin, 'console order page (1440 px)');
  await admin.screenshot({ path: screenshotPath('console-order-page-1440.png'), fullPage: true });

  // The audit trail names the admin's two moves on this order.
  await admin.goto(
    `/adminpanel/audit?filter=${encodeURIComponent(JSON.stringify({ objectType: 'order', objectId: String(id) }))}`,
  );
  await expect(admin.getByText('Confirmed the order')).toBeVisible();
  await expect(admin.getByText('Marked the order paid')).toBeVisible();
  await expectAccessible(admin, 'console Audit trail');

  // The Orders list as CSV, with the period shown.
  await admin.goto('/adminpanel/orders');
  const [csv] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^mandi-orders-24h-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = screenshotPath('orders-export.csv');
  await csv.saveAs(exported);
  expect(execFileSync('cat', [exported], { encoding: 'utf8' })).toContain(`${id},`);

  // The dashboard counts today's orders; GST returns list this month's invoice.
  await admin.goto('/adminpanel/dashboard');
  await expect(admin.getByRole('region', { name: 'Orders and revenue per day' })).toBeVisible();
  await expectAccessible(admin, 'console Dashboard');
  const {
    rows: [invoice],
  } = await db.query<{ number: string; month: string }>(
    `SELECT number, to_char(issued_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS month FROM invoices WHERE order_id = $1`,
    [id],
  );
  await admin.goto('/adminpanel/gst-returns');
  await admin.getByLabel('Return period').fill(invoice!.month);
  await expect(admin.getByRole('region', { name: /Sales register/ })).toContainText(invoice!.number);
  await expectAccessible(admin, 'console GST returns');

  // Products: unlist one with a reason (the shop stops showing it), then list it again.
  await admin.goto('/adminpanel/products');
  await admin.getByLabel('Search products').fill('Bhindi');
  const row = admin.getByRole('row').filter({ hasText: 'Bhindi' });
  await expect(row).toHaveCount(1);
  await expectAccessible(admin, 'console Products');
  await row.getByRole('button', { name: 'Unlist' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Unlist Bhindi?' });
  await dialog.getByLabel('Reason').fill('The photo shows another vegetable.');
  await expectAccessible(admin, 'console Products, the Unlist dialog');
  await dialog.getByRole('button', { name: 'Unlist product' }).click();
  await expect(row).toContainText('Unlisted');
  const bhindi = await productId('Bhindi');
  expect((await fetch(`${baseURL}/api/products/${bhindi}`)).status).toBe(404);
  await row.getByRole('button', { name: 'Relist' }).click();
  await expect(row).toContainText('Listed');
  expect((await fetch(`${baseURL}/api/products/${bhindi}`)).status).toBe(200);

  // The same pages on a phone: nothing wider than the screen.
  await admin.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    [`/adminpanel/orders/${id}/show`, 'order-page'],
    ['/adminpanel/dashboard', 'dashboard'],
    ['/adminpanel/gst-returns', 'gst-returns'],
  ]) {
    await admin.goto(path!);
    await admin.waitForLoadState('networkidle');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(admin, `console ${name} (390 px)`);
    await admin.screenshot({ path: screenshotPath(`console-${name}-390.png`), fullPage: true });
  }
});
