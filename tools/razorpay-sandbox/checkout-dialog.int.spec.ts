// The sandbox's checkout script as a shop's page meets it, in Debian's Chromium (an integration spec: it needs the
// browser the machine packages install, docs/development.md "Test tiers").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET } from './credentials.mjs';
import { paymentFailedError, razorpay, receiver, sandbox, start, stopSandbox } from './sandbox.testing.js';

afterEach(stopSandbox);

describe('checkout dialog in a browser', () => {
  let browser: Browser;
  let shop: Server;
  let shopUrl: string;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    await start();
    shop = createServer((request, response) => {
      const policy = `default-src 'self'; script-src 'self' ${sandbox.url}; connect-src 'self' ${sandbox.url}; style-src 'self'`;
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy });
      response.end(`<!doctype html><html lang="en"><head><title>Shop</title><script src="${sandbox.url}/v1/checkout.js"></script></head>
<body><main><h1>Checkout</h1><button id="buy">Buy</button></main></body></html>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    // localhost vs 127.0.0.1: another origin than the sandbox's, as in development.
    shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}/checkout`;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => shop.close(() => resolve()));
  });

  /** A page of the shop; fails the test on any policy violation or page error. */
  async function shopPage() {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(shopUrl);
    return { page, problems };
  }

  /** Opens Checkout with `options`; the page records handler answers, payment.failed answers and dismissals. */
  async function openCheckout(page: Page, options: Record<string, unknown>) {
    await page.evaluate((given) => {
      const log = ((window as any).checkoutLog = { paid: [] as unknown[], failed: [] as unknown[], dismissed: 0 });
      const rzp = new (window as any).Razorpay({
        ...given,
        handler: (response: unknown) => log.paid.push(response),
        modal: { ondismiss: () => (log.dismissed += 1) },
      });
      rzp.on('payment.failed', (response: unknown) => log.failed.push(response));
      rzp.open();
    }, options);
    return () =>
      page.evaluate(
        () => (window as any).checkoutLog as { paid: Record<string, string>[]; failed: any[]; dismissed: number },
      );
  }

  it('pays with the chosen webhook delivery: handler gets a verifiable signature, the dialog closes', async () => {
    const order = await razorpay.orders.create({ amount: 123456, currency: 'INR' });
    const { page, problems } = await shopPage();
    const log = await openCheckout(page, {
      key: SANDBOX_KEY_ID,
      amount: 123456,
      currency: 'INR',
      name: 'Mandi',
      description: 'Order of 2 products',
      order_id: order.id,
      theme: { color: '#2E7D32' },
    });

    const dialog = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.textContent()).toContain('Mandi');
    expect(await dialog.textContent()).toContain('Order of 2 products');
    expect(await dialog.textContent()).toContain('₹1,234.56');
    const pay = dialog.getByRole('button', { name: 'Pay ₹1,234.56' });
    expect(await pay.evaluate((button) => document.activeElement === button)).toBe(true);
    expect(
      await dialog
        .getByLabel('Webhook delivery')
        .evaluate((select: HTMLSelectElement) => [...select.options].map((o) => [o.value, o.text])),
    ).toEqual([
      ['now', 'now'],
      ['twice', 'twice'],
      ['late', 'late (0.3 s)'],
      ['never', 'never'],
    ]);
    await expect(
      dialog.getByRole('checkbox', { name: 'Also send payment.failed after success' }).isChecked(),
    ).resolves.toBe(false);
    await expect(dialog.getByRole('button', { name: 'Fail payment' }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Close' }).isVisible()).resolves.toBe(true);

    await dialog.getByLabel('Webhook delivery').selectOption('twice');
    await pay.click();
    await dialog.waitFor({ state: 'detached' });
    const { paid, failed, dismissed } = await log();
    expect(paid).toHaveLength(1);
    expect(paid[0].razorpay_order_id).toBe(order.id);
    expect(
      validatePaymentVerification(
        { order_id: order.id, payment_id: paid[0].razorpay_payment_id },
        paid[0].razorpay_signature,
        SANDBOX_KEY_SECRET,
      ),
    ).toBe(true);
    expect([failed.length, dismissed]).toEqual([0, 0]);
    await sandbox.idle();
    expect(receiver.names()).toEqual(['payment.captured', 'payment.captured', 'order.paid', 'order.paid']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reports a failed payment to payment.failed and stays open; Close calls modal.ondismiss', async () => {
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    const { page, problems } = await shopPage();
    const log = await openCheckout(page, { key: SANDBOX_KEY_ID, name: 'Mandi', order_id: order.id });
    const dialog = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
    // Without options.amount the dialog shows the order's.
    await dialog.getByRole('button', { name: 'Pay ₹500.00' }).waitFor();

    await dialog.getByRole('button', { name: 'Fail payment' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Payment failed' }).waitFor();
    const { failed, paid } = await log();
    expect(paid).toEqual([]);
    expect(failed).toEqual([
      {
        error: paymentFailedError(order.id),
      },
    ]);
    await expect(dialog.isVisible()).resolves.toBe(true);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await log()).dismissed).toBe(1);
    await sandbox.idle();
    expect(receiver.names()).toEqual(['payment.failed']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says so in the dialog when the order is already paid, and Escape dismisses it', async () => {
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    await sandbox.payOrder(order.id, { delivery: 'never' });
    const { page, problems } = await shopPage();
    const log = await openCheckout(page, { key: SANDBOX_KEY_ID, order_id: order.id });
    const dialog = page.getByRole('dialog', { name: 'Razorpay sandbox checkout' });
    await dialog.getByRole('status').filter({ hasText: 'already been paid' }).waitFor();
    await expect(dialog.getByRole('button', { name: /^Pay/ }).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await log()).dismissed).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
