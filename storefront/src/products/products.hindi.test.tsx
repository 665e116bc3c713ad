import { routeKey } from '@mandi/contracts/client';
import { EMBEDDED_LISTING_ID, INDIA_TIME_ZONE, parseInstant } from '@mandi/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app-providers';
import { routes } from '../app-routes';
import { renderHome } from '../entry-server';
import { testI18n } from '../test/i18n';
import { fakeIdentity, renderApp, stubApi } from '../test/render-app';
import { setRenderClock } from '../ui/render-clock';

// The storefront in Hindi (issue 18): a Hindi reader's home page, cards, product page and popups, with hi-IN rupees
// and dates, and the server's Hindi home page taken over by the browser without a single difference.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const indiaText = (date: Date) => new Date(date.getTime() + 5.5 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

const mango = (now: number) => ({
  id: 42,
  uid: 'seller-7',
  name: 'Kesar Mango',
  price: 150000.5,
  description: 'Sweet Kesar mangoes from Junagadh orchards.',
  createdAt: new Date(now - 5 * MINUTE).toISOString(),
  validUntil: indiaText(new Date(now + 49 * HOUR)),
  images: [],
  stock: 3,
  official_brand: 0,
  seller: { username: 'junagadh_farms', profileImage: null, city: 'Junagadh' },
});

afterEach(() => {
  vi.restoreAllMocks();
  setRenderClock(null);
  document.getElementById(EMBEDDED_LISTING_ID)?.remove();
});

describe('the storefront in Hindi', () => {
  it('shows the home page, its filters, a card and the footer in Hindi, with hi-IN rupees', async () => {
    stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: { body: [mango(Date.now())] },
    });
    renderApp('/', { language: 'hi' });

    const card = await screen.findByRole('article');
    expect(screen.getByRole('heading', { level: 1, name: 'ताज़ी उपज, सही दाम, कोई बिचौलिया नहीं।' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'मंडी पर ताज़ा' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'फ़िल्टर' })).toHaveTextContent('ताज़ी सब्ज़ियाँ');
    expect(within(card).getByRole('link', { name: 'junagadh_farms, पोस्ट: 5 मिनट पहले' })).toBeInTheDocument();
    expect(within(card).getByText('2 दिन और मान्य')).toHaveClass('expiry');
    expect(within(card).getByText('सिर्फ़ 3 बचे')).toBeInTheDocument();
    expect(within(card).getByText('फ़ोटो नहीं')).toBeInTheDocument();
    expect(within(card).getByText('₹1,50,000.50')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('खोजें: tamatar, aam, chawal…')).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('heading', { name: 'हमसे जुड़ें' })).toBeInTheDocument();

    // A visitor is asked to sign in, in Hindi, with a Hindi OK.
    await userEvent.click(within(card).getByRole('button', { name: 'Kesar Mango कार्ट में जोड़ें' }));
    const popup = await screen.findByRole('dialog', { name: 'साइन इन ज़रूरी है' });
    expect(popup).toHaveTextContent('कार्ट में सामान जोड़ने के लिए कृपया साइन इन करें।');
    await userEvent.click(within(popup).getByRole('button', { name: 'ठीक है' }));
  });

  it("shows the product page in Hindi, with 'Valid Until' as a hi-IN date", async () => {
    const product = {
      ...mango(Date.now()),
      official_brand: 1,
      originalPrice: 180000,
      weight: 2500,
      length: 10,
      width: 10,
      height: 25,
      images: ['/files/products/42/a.jpg', '/files/products/42/b.jpg'],
    };
    stubApi({ [routeKey('productById', { params: { id: 42 } })]: { body: product } });
    renderApp('/product/42', { language: 'hi' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Kesar Mango' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'पेज का रास्ता' })).toHaveTextContent('होम');
    expect(screen.getByText('कब तक मान्य')).toBeInTheDocument();
    const validUntil = new Intl.DateTimeFormat('hi-IN', {
      timeZone: INDIA_TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(parseInstant(product.validUntil)!);
    expect(screen.getByText(validUntil)).toBeInTheDocument();
    expect(screen.getByText('2 दिन और मान्य')).toBeInTheDocument();
    expect(screen.getByText('2.5 किलो')).toBeInTheDocument();
    expect(screen.getByText('10 × 10 × 25 सेमी')).toBeInTheDocument();
    expect(screen.getByText('₹1,80,000.00').closest('s')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'कार्ट में जोड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अभी ख़रीदें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 में से तस्वीर 2 दिखाएँ' })).toBeInTheDocument();
    expect(screen.getByText('ओरिजिनल', { selector: 'span' })).toBeInTheDocument();
  });

  it("hydrates the server's Hindi home page without a difference, against the server's clock", async () => {
    // Rendered two hours ago: the browser's first render must read '5 मिनट पहले' as the HTML does, then its own time.
    const renderedAt = new Date(Date.now() - 2 * HOUR);
    const products = [mango(renderedAt.getTime())];
    const html = await renderHome(products as never, renderedAt, '', 'hi');
    expect(html).toContain('5 मिनट पहले');
    expect(html).toContain('₹1,50,000.50');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = EMBEDDED_LISTING_ID;
    block.textContent = JSON.stringify(products);
    document.head.append(block);
    stubApi({});
    const consoleError = vi.spyOn(console, 'error');
    const recoverable = vi.fn();

    setRenderClock(renderedAt);
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppProviders identity={fakeIdentity(null)} queryClient={createQueryClient()} i18n={testI18n('hi')}>
          <RouterProvider router={router} />
        </AppProviders>,
        { onRecoverableError: recoverable },
      );
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // After taking the page over, relative times follow the browser's clock.
    expect(await within(container).findByText('2 घंटे पहले')).toBeInTheDocument();
    act(() => root?.unmount());
    container.remove();
  });
});
