import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { demoPassword, emulatorSignIn, screenshotPath } from './journey-helpers.js';
import { expectAccessible } from './support/accessibility.js';

// Issue 5's journeys: search with suggestions and filter, a seller's post from sell form to deletion, the guard on
// someone else's product, the official product page, and the pictures a person checks.

const e2eBaseUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/** A real JPEG photo of `colour`, as a phone would give it. */
async function photo(name: string, colour: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The popup of docs/catalog.md: checks its title and text, then acknowledges it. */
async function acknowledge(page: Page, title: string, text: string, axeName?: string): Promise<void> {
  const popup = page.getByRole('dialog');
  await expect(popup.getByRole('heading', { name: title })).toBeVisible();
  await expect(popup.getByText(text)).toBeVisible();
  if (axeName) await expectAccessible(page, axeName);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toHaveCount(0);
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search farm-fresh products' }).first();

test('a buyer searches with suggestions, in Hinglish, and narrows to Originals', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');

  // A misspelt English word finds the Hinglish listing: the suggestions open after typing stops.
  await searchBox(page).fill('tomatoe');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: 'Desi Tamatar' })).toBeVisible();
  await expectAccessible(page, 'home, search suggestions open');
  await suggestions.getByRole('option', { name: 'Desi Tamatar' }).click();
  await expect(suggestions).toBeHidden();
  await expect(page).toHaveURL(/\/\?search=Desi\+Tamatar&filter=All$/);
  await expect(page.locator('article').first().getByRole('heading')).toHaveText('Desi Tamatar');

  // Keyboard: type, move down to the first suggestion, Enter runs the search.
  await searchBox(page).fill('aloo');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await searchBox(page).press('ArrowDown');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/search=Pahadi\+Aloo/);
  await expect(page.locator('article').getByRole('heading', { name: 'Pahadi Aloo' })).toBeVisible();

  // The own-brand filter searches at once and keeps only official products.
  await searchBox(page).fill('aam');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/search=aam&filter=All$/);
  await expect(page.locator('article').getByRole('heading', { name: 'Alphonso Aam (Ratnagiri)' })).toBeVisible();
  await page.getByRole('search').first().getByLabel('Filter products').selectOption('Original');
  await expect(page).toHaveURL(/search=aam&filter=Original$/);
  const cards = page.locator('article');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  for (let index = 0; index < count; index += 1) {
    await expect(cards.nth(index).getByText('Original', { exact: true })).toBeVisible();
  }

  // Nothing matches: the spec's text.
  await searchBox(page).fill('zzqxv');
  await searchBox(page).press('Enter');
  await expect(page.getByText('No results found.')).toBeVisible();
  await expectAccessible(page, 'home, no results');
});

/** The prefix of the products the posting journey makes (it deletes its own; see the afterEach below). */
const POSTED_PREFIX = 'Test Lauki ';

// A posting journey that fails midway still removes what it posted: the other journeys read the newest products
// (the home's first card is the seed's), and a leftover would fail them too (docs/development.md, "Flaky tests").
test.afterEach(async () => {
  const seller = await emulatorSignIn('seller@mandi.test', demoPassword);
  if (!seller) return;
  const mine = (await (await fetch(`${e2eBaseUrl}/api/products/user/${seller.uid}`)).json()) as Array<{
    id: number;
    name: string;
  }>;
  for (const product of mine.filter((candidate) => candidate.name.startsWith(POSTED_PREFIX))) {
    const deleted = await fetch(`${e2eBaseUrl}/api/products/user/${seller.uid}/${product.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${seller.idToken}` },
    });
    expect(deleted.status).toBe(200);
  }
});

test('a seller posts a product with 2 photos, edits it to 4, is stopped at a 5th and at 6 MB, and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'seller@mandi.test');
  const name = `${POSTED_PREFIX}${Date.now().toString(36).slice(-5)}`;

  await page.goto('/SellPage');
  await expect(page.getByLabel('Product name')).toBeVisible();
  await expectAccessible(page, 'sell');
  await page
    .getByLabel('Product photos')
    .setInputFiles([await photo('lauki-1.jpg', '#6a9f3a'), await photo('lauki-2.jpg', '#8fbf5a')]);
  await expect(page.getByText('2 of 4 photos')).toBeVisible();
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Description').fill('Tender bottle gourd from our field, picked this morning.');
  await page.getByLabel('Price (₹)').fill('45');
  await page.getByLabel('Valid until (India time)').fill('2030-01-15T10:30');
  await page.getByLabel('Phone number').fill('+91 98220 12345');
  await page.getByLabel('Weight', { exact: true }).fill('1.5');
  await page.getByLabel('Weight unit').selectOption('kg');
  await page.getByRole('button', { name: 'Post Product' }).click();
  await expect(page).toHaveURL(/\/profilepage$/);
  const card = page.locator('article', { has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expectAccessible(page, 'profile (the seller)');

  // The API holds the product as posted: weight in grams, 2 photos, not official.
  const { idToken, uid } = (await emulatorSignIn('seller@mandi.test', demoPassword))!;
  const mine = (await (await fetch(`${e2eBaseUrl}/api/products/user/${uid}`)).json()) as Array<Record<string, unknown>>;
  const posted = mine.find((product) => product.name === name)!;
  expect(posted).toMatchObject({ price: 45, weight: 1500, official_brand: 0, sellerPhone: '9822012345' });
  expect(posted.images).toHaveLength(2);

  await card.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expectAccessible(page, "profile, a post's menu open");
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-product/${posted.id}$`));
  await expect(page.getByText('2 of 4 photos')).toBeVisible();
  await expectAccessible(page, 'edit product');
  const picker = page.getByLabel('Product photos');
  // A 6 MB photo is refused with the spec's text.
  await picker.setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await acknowledge(
    page,
    'Invalid File Size',
    'big.jpg must be under 5MB',
    'edit product, the Invalid File Size popup',
  );
  await picker.setInputFiles([await photo('lauki-3.jpg', '#4d7f2a'), await photo('lauki-4.jpg', '#a3c96b')]);
  await expect(page.getByText('4 of 4 photos')).toBeVisible();
  // A fifth photo does not fit.
  await picker.setInputFiles(await photo('lauki-5.jpg', '#335f1c'));
  await acknowledge(page, 'Upload Limit Reached', 'Maximum 4 images allowed.');
  await expect(page.getByText('4 of 4 photos')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/profilepage$/);
  const edited = (await (await fetch(`${e2eBaseUrl}/api/products/${posted.id}`)).json()) as { images: string[] };
  expect(edited.images).toHaveLength(4);
  // The saved photos are served by the API, cacheable for a year.
  const served = await fetch(`${e2eBaseUrl}${edited.images[3]}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('cache-control')).toContain('immutable');

  // Another signed-in user may not edit it: the API answers 403 and the product is unchanged.
  const buyer = (await emulatorSignIn('buyer@mandi.test', demoPassword))!;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    name: 'Stolen',
    price: '1',
    description: 'Not mine',
    validUntil: '2030-01-01 10:00:00',
    uid: buyer.uid,
    sellerPhone: '9845012345',
    existingImages: JSON.stringify(edited.images),
    removedImages: '[]',
  })) {
    form.set(key, value);
  }
  const forbidden = await fetch(`${e2eBaseUrl}/api/products/${posted.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${buyer.idToken}` },
    body: form,
  });
  expect(forbidden.status).toBe(403);
  expect(((await (await fetch(`${e2eBaseUrl}/api/products/${posted.id}`)).json()) as { name: string }).name).toBe(name);
  expect(idToken).toBeTruthy();

  // Delete, after the confirmation.
  await page.reload();
  await card.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Delete Product?' })).toBeVisible();
  await expectAccessible(page, 'profile, the Delete Product confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
  expect((await fetch(`${e2eBaseUrl}/api/products/${posted.id}`)).status).toBe(404);
});

test('the page of an official product offers Buy Now with the no-return note and describes itself to search engines', async ({
  page,
}) => {
  await page.goto('/?search=ghee');
  await page
    .locator('article', { has: page.getByRole('heading', { name: 'A2 Cow Ghee' }) })
    .getByRole('heading')
    .click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'A2 Cow Ghee' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Original', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('₹1,450.00').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  await expect(main.getByText(/not returnable/i)).toBeVisible();
  await expect(page).toHaveTitle(/A2 Cow Ghee/);
  await expectAccessible(page, 'product (official, with Buy Now)');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as {
    '@type': string;
    offers: { priceCurrency: string; availability: string };
  };
  expect(data['@type']).toBe('Product');
  expect(data.offers).toMatchObject({ priceCurrency: 'INR', availability: 'https://schema.org/InStock' });

  // A farmer's product has no Buy Now.
  await page.goto('/?search=bhindi');
  await page
    .locator('article', { has: page.getByRole('heading', { name: 'Bhindi' }) })
    .getByRole('heading')
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bhindi' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expectAccessible(page, "product (a farmer's)");
});

test('the home page arrives rendered with its first products, and the browser takes it over without asking again', async ({
  page,
  request,
}) => {
  // What a phone receives before any JavaScript runs: the cards themselves, and the data they were made from.
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<article[^>]*>[\s\S]*Desi Tamatar/);
  expect(html).toMatch(/<script type="application\/json" id="mandi-listing" data-rendered-at="[^"]+">\[/);

  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  const listingCalls: string[] = [];
  page.on('request', (sent) => sent.url().includes('/api/products?') && listingCalls.push(sent.url()));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.locator('article')).toHaveCount(24);
  // Hydrated: the menu answers, the search bar suggests.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'home, the side menu open (390 px)');
  expect(listingCalls).toEqual([]);
  expect(problems).toEqual([]);
});

/** Scrolls to the bottom and back, as a person would, so a full-page picture shows the footer (it fades in there). */
async function revealFooter(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Know Us' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  // The footer's fade and the header's return take a moment.
  await page.waitForTimeout(500);
}

/** Phone first (docs/frontends.md), then desktop. */
const viewports = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test(`pictures of home, a product page and the sell form (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/');
    await expect(page.locator('article').first()).toBeVisible();
    // The photos (card-size WebP once the worker has made them) have loaded before the picture is taken.
    await expect
      .poll(() =>
        page
          .locator('article img')
          .first()
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    await page.screenshot({ path: screenshotPath(`catalog-home-${viewport.name}.png`) });

    await page
      .locator('article', { has: page.getByRole('heading', { name: 'Alphonso Aam (Ratnagiri)' }) })
      .getByRole('heading')
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alphonso Aam (Ratnagiri)' })).toBeVisible();
    await revealFooter(page);
    await page.screenshot({ path: screenshotPath(`catalog-product-${viewport.name}.png`), fullPage: true });

    await signIn(page, 'admin@mandi.test');
    await page.goto('/SellPage');
    await expect(page.getByLabel('Product name')).toBeVisible();
    await revealFooter(page);
    await page.screenshot({ path: screenshotPath(`catalog-sell-${viewport.name}.png`), fullPage: true });
  });
}
