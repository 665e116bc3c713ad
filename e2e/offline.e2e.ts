import { expect, test, type Page } from '@playwright/test';
import { demoPassword } from './journey-helpers.js';

// Installable and patchy-connection friendly (issue 18, docs/offline.md): the web app manifest and the service
// worker are served right, and a buyer who has browsed online still sees the shell, the home and a product page
// with the network cut, told that they are offline and that adding to the cart needs the internet.

const OFFLINE_BANNER = 'You are offline. Showing pages you have already seen.';

/** The offline banner, a status region (the loading overlay is another). */
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE_BANNER });

/** Waits until the service worker controls the page (it claims the open pages when it takes over). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

/** Whether the worker has kept the answer for `path` (docs/offline.md names the caches). */
function kept(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (url) => (await caches.match(url, { ignoreVary: true })) !== undefined, path);
}

test('the storefront is installable: the manifest, its icons and the worker are served with the right headers', async ({
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const app = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(app).toMatchObject({ name: 'Mandi', start_url: '/', display: 'standalone', theme_color: '#2E7D32' });
  expect(app.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of app.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toContain('javascript');
  // A new deploy's worker must be found on the next visit: the script is revalidated every time, never kept a year.
  expect(worker.headers()['cache-control']).toBe('no-cache');

  const home = await request.get('/');
  expect(await home.text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  const csp = home.headers()['content-security-policy']!;
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
});

test('with the network cut, a buyer still sees the shell, the home and a product page seen before, and is told so', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/signin');
  await page.getByLabel('Email').fill('buyer@mandi.test');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await controlledByServiceWorker(page);

  // Online: the home page (rendered by the server) and one product page, both through the worker now.
  await page.goto('/');
  const firstCard = page.locator('article').first();
  const name = (await firstCard.getByRole('heading').textContent())!.trim();
  await firstCard.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const productId = /\/product\/([^/?#]+)/.exec(page.url())![1]!;
  // The price line reads 'Price ₹40.00' to a screen reader.
  const priceLine = page.getByText(/^Price\s*₹[\d,.]+$/);
  const price = /₹[\d,.]+/.exec((await priceLine.textContent())!)![0];
  await expect.poll(() => kept(page, `/api/products/${productId}`)).toBe(true);
  await expect.poll(() => kept(page, '/')).toBe(true);
  // Buy Now's checkout, opened online, prices the product from the server.
  await page.goto(`/product-checkout/${productId}`);
  await expect(page.getByText(price).first()).toBeVisible();
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(offlineBanner(page)).toHaveCount(0);

  await context.setOffline(true);

  // The product page comes back on a reload: the shell from the precache, the product from the pages seen.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(priceLine).toHaveText(new RegExp(price));
  await expect(offlineBanner(page)).toBeVisible();

  // Adding to the cart needs the server: the buyer is told so, nothing fails silently.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup.getByText('You are offline')).toBeVisible();
  await expect(
    popup.getByText('Adding to your cart needs an internet connection. Please try again when you are back online.'),
  ).toBeVisible();
  await popup.getByRole('button', { name: 'OK' }).click();

  // The home page as it was last seen, its cards included.
  await page.goto('/');
  await expect(page.locator('article').filter({ hasText: name }).first()).toBeVisible();
  await expect(offlineBanner(page)).toBeVisible();

  // A checkout never prices from what was kept: offline, its read of the same product fails, though it is kept.
  await page.goto(`/product-checkout/${productId}`);
  await expect(page.getByText('Failed to fetch checkout items.')).toBeVisible();
  await expect(page.getByText(price)).toHaveCount(0);
  // The rule under it: a read asking for the server's answer of now (as every checkout read does) is never
  // answered from the caches, while the same read without it is.
  const read = (headers: Record<string, string>) =>
    page.evaluate(
      async ([path, sent]) =>
        fetch(path, { headers: sent }).then(
          (response) => response.status,
          () => 'no connection',
        ),
      [`/api/products/${productId}`, headers] as const,
    );
  expect(await read({})).toBe(200);
  expect(await read({ 'Cache-Control': 'no-cache' })).toBe('no connection');

  // Back online, the banner goes.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);
});
