import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { AppProviders, createQueryClient } from './app-providers';
import { routes } from './app-routes';
import { readHomeListing, type Language } from '@mandi/domain';
import { createI18n, loadCatalogue } from './i18n/i18n';
import { listingKeyOf } from './products/product-queries';
import type { ListedProduct } from './products/product';
import { setRenderClock } from './ui/render-clock';

/**
 * The home page rendered on the server (built with `vite build --ssr` into dist-server/, run by the API): the page a
 * visitor sees first, painted as soon as the HTML arrives instead of after the JavaScript has downloaded and run on
 * a slow phone; the browser then hydrates it (main.tsx). `products` is the first listing page, the same one the
 * API embeds for the browser, so both render the same cards; `renderedAt` is the time relative times are shown
 * against, which the page also carries (the data block's data-rendered-at); `search` is the URL's query ('?category=…'),
 * whose filter and browsing the page shows; `language` the visitor's (both catalogues are in the server build).
 */
export async function renderHome(
  products: ListedProduct[],
  renderedAt: Date,
  search = '',
  language: Language = 'en',
): Promise<string> {
  const queryClient = createQueryClient();
  const params = new URLSearchParams(search);
  queryClient.setQueryData(listingKeyOf(readHomeListing((name) => params.get(name))), {
    pages: [products],
    pageParams: [1],
  });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost/${search}`));
  if (context instanceof Response) throw new Error('the home route answered a redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  // The start of the catalogue only, as the browser hydrates with (main.tsx).
  const i18n = createI18n(language, await loadCatalogue(language));
  // Relative times are rendered against `renderedAt`, which the page carries for the browser's first render.
  setRenderClock(renderedAt);
  try {
    return renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient} i18n={i18n}>
          {/* No hydration script: the routes have no loaders, and the page's policy allows no inline scripts. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    setRenderClock(null);
  }
}
