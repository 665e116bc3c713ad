import { routeUrl } from '@mandi/contracts/client';
import { describe, expect, it } from 'vitest';
import {
  RUNTIME_CACHES,
  asksForFreshAnswer,
  isListingRead,
  isProductRead,
  isPublicAnswer,
  isPublicPicture,
  isStorefrontPage,
} from './cache-rules';

const url = (path: string) => new URL(path, 'https://mandi.example.in');

describe('what the service worker keeps', () => {
  it('keeps listing pages and product pages, and not a seller’s own list, search suggestions or private reads', () => {
    expect(isListingRead(url(routeUrl('listProducts', { query: { page: 2, limit: 24, filter: 'All' } })))).toBe(true);
    expect(isProductRead(url(routeUrl('productById', { params: { id: 42 } })))).toBe(true);
    expect(isProductRead(url(routeUrl('productById', { params: { id: 'mandi-products' } })))).toBe(true);

    expect(isProductRead(url(routeUrl('productsOfSeller', { params: { uid: 'uid-1' } })))).toBe(false);
    expect(isProductRead(url(routeUrl('productSuggestions', { query: { q: 'tam' } })))).toBe(false);
    for (const path of [
      routeUrl('cartOfUser', { params: { uid: 'uid-1' } }),
      routeUrl('ordersOfUser', { params: { userId: 7 } }),
      routeUrl('getUserId'),
      routeUrl('addressesOfUser', { params: { userId: 7 } }),
      routeUrl('sellerDashboard', { params: { uid: 'uid-1' } }),
    ]) {
      expect(isListingRead(url(path)) || isProductRead(url(path))).toBe(false);
    }
  });

  it('keeps the public pictures of the file store only', () => {
    expect(isPublicPicture(url('/files/products/42/a.webp'))).toBe(true);
    expect(isPublicPicture(url('/files/profiles/uid-1/me.jpg'))).toBe(true);
    expect(isPublicPicture(url('/files/invoices/7.pdf'))).toBe(false);
  });

  it('serves the storefront’s shell only for its own pages, never for the API, files, the console or the mail inbox', () => {
    expect(isStorefrontPage('/')).toBe(true);
    expect(isStorefrontPage('/product/42')).toBe(true);
    expect(isStorefrontPage('/cartpage')).toBe(true);
    for (const path of [
      routeUrl('health'),
      '/files/products/1.jpg',
      '/adminpanel',
      '/adminpanel/orders',
      '/dev/mail',
    ]) {
      expect(isStorefrontPage(path)).toBe(false);
    }
  });

  it('never answers from the caches a read that asks for the server’s answer of now (every read of a checkout)', () => {
    const read = (headers: Record<string, string> = {}) =>
      new Request(url(routeUrl('productById', { params: { id: 42 } })), { headers });
    expect(asksForFreshAnswer(read({ 'Cache-Control': 'no-cache' }))).toBe(true);
    expect(asksForFreshAnswer(read({ 'Cache-Control': 'no-store' }))).toBe(true);
    expect(asksForFreshAnswer(read())).toBe(false);
  });

  it('keeps an answer only when every visitor gets the same one', async () => {
    const json = (body: unknown, headers: Record<string, string> = {}) => Response.json(body, { headers });
    expect(await isPublicAnswer(json([{ id: '1', price: 40 }]))).toBe(true);
    expect(await isPublicAnswer(json({ id: '1', price: 40 }))).toBe(true);
    // A hidden product answered to its seller or an admin.
    expect(await isPublicAnswer(json({ id: '1', shop_state: 'unlisted' }))).toBe(false);
    expect(await isPublicAnswer(json([{ id: '1' }, { id: '2', shop_state: 'seller_suspended' }]))).toBe(false);
    expect(await isPublicAnswer(json({ id: '1' }, { 'cache-control': 'private, no-store' }))).toBe(false);
    expect(await isPublicAnswer(new Response('<html>'))).toBe(false);
  });

  it('bounds every cache in entries and age', () => {
    for (const cache of Object.values(RUNTIME_CACHES)) {
      expect(cache.maxEntries).toBeGreaterThan(0);
      expect(cache.maxAgeSeconds).toBeLessThanOrEqual(30 * 24 * 3600);
    }
  });
});
