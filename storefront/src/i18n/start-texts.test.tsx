import { routeKey } from '@mandi/contracts/client';
import { setupI18n } from '@lingui/core';
import { LANGUAGES, LANGUAGE_LOCALES, type Language } from '@mandi/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import englishStart from 'virtual:catalogue/en-start';
import hindiStart from 'virtual:catalogue/hi-start';
import { routes } from '../app-routes';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

const HOUR_MS = 60 * 60 * 1000;
const product = (id: number, fields: object) => ({
  id,
  uid: `seller-${id}`,
  name: `Product ${id}`,
  price: 40 + id,
  originalPrice: 60 + id,
  images: [],
  createdAt: new Date(Date.now() - id * HOUR_MS).toISOString(),
  seller: { username: `farmer_${id}`, profilePicture: null },
  ...fields,
});

/**
 * The first screen (shell, home page, cards, popups, the error page) is drawn with the start of the catalogue alone,
 * before the rest loads (vite-catalogues.ts): a message it asks for outside the start would show as its key.
 */
function startOnly(language: Language) {
  const missing: string[] = [];
  const i18n = setupI18n({
    locale: language,
    locales: [LANGUAGE_LOCALES[language]],
    messages: { [language]: { ...(language === 'hi' ? hindiStart : englishStart) } },
    missing: (_, id) => {
      missing.push(id);
      return id;
    },
  });
  return { i18n, missing };
}

describe.each(LANGUAGES)('the first screen in %s needs only the start of the catalogue', (language) => {
  it(
    'home with every kind of card, the menus of a signed-in buyer, and the add-to-cart popup',
    { timeout: 20_000 },
    async () => {
      stubApi({
        [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: {
          body: [
            product(1, { validUntil: new Date(Date.now() + 3 * 24 * HOUR_MS).toISOString(), stock: 3 }),
            product(2, { validUntil: new Date(Date.now() - 2 * HOUR_MS).toISOString(), stock: 0 }),
            product(3, { validUntil: null, stock: null, official_brand: true }),
            product(200, { validUntil: new Date(Date.now() + 400 * 24 * HOUR_MS).toISOString(), stock: 40 }),
          ],
        },
        [routeKey('addToCart')]: {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'Product already in cart.' },
        },
      });
      const { i18n, missing } = startOnly(language);
      renderApp('/', { i18n, identity: fakeIdentity(identityUser('uid-buyer', 'buyer@mandi.test')) });
      expect(await screen.findByRole('link', { name: 'Product 200' })).toBeInTheDocument();

      const addButtons = screen.queryAllByRole('button', { name: /Product 1\b/ });
      if (addButtons[0]) {
        await userEvent.click(addButtons[0]);
        const popup = await screen.findByRole('dialog');
        await userEvent.click(within(popup).getAllByRole('button')[0]!);
      }
      const menuButtons = screen.getAllByRole('button', { expanded: false });
      for (const button of menuButtons)
        if (button.getAttribute('aria-haspopup') === 'menu') await userEvent.click(button);
      expect(missing).toEqual([]);
    },
  );

  it('the error page of a route that failed', async () => {
    stubApi({});
    // React and the router report the thrown error on the console, as they should; the test is about the page.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { i18n, missing } = startOnly(language);
    const Broken = () => {
      throw new Error('a page that fails to draw');
    };
    const table: RouteObject[] = [
      {
        element: routes[0]!.element,
        errorElement: routes[0]!.errorElement,
        children: [{ index: true, element: <Broken /> }],
      },
    ];
    renderApp('/', { i18n, routeTable: table });
    expect(await screen.findAllByRole('link')).not.toHaveLength(0);
    expect(missing).toEqual([]);
  });
});
