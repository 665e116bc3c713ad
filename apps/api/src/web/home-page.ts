import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Product } from '@mandi/contracts';
import { browseEntries, browseListingKey, readHomeListing, type Language } from '@mandi/domain';
import { homeHead } from './front-ends.js';

/**
 * The storefront's server renderer (storefront/src/entry-server.tsx, built by `vite build --ssr`): the home page at
 * `search` (its URL's query, '' for the plain page) showing `products`.
 */
type RenderHome = (products: Product[], renderedAt: Date, search: string, language: Language) => Promise<string>;

/** The first page of GET /api/products for a query of its parameters (filter and browsing). */
type FirstListingPage = (query: Record<string, string>) => Promise<Product[]>;

/**
 * How long a rendered home page is reused while the first listing page is unchanged. Rendering costs tens of
 * milliseconds; the page's relative times ('5 m', 'Expires in 2 hr') are rendered against the moment of rendering,
 * which the page carries, and the browser shows its own time once it has taken the page over.
 */
const REUSE_MS = 10_000;
/** Renderings kept for reuse, one per listing: the plain page and the filters buyers use most. */
const KEPT_RENDERINGS = 50;

/**
 * The storefront's home page as the API sends it: the first listing page embedded in the head, and the page
 * rendered on the server (when the storefront's server build exists), so a phone paints products as soon as the
 * HTML arrives instead of after downloading and running the JavaScript. The URL's filter and browsing (category,
 * price, stock, freshness, sort) are read as the storefront reads them, so a shared filtered link arrives rendered
 * too; a search is left to the browser.
 */
export class HomePage {
  /** The last rendering of each listing key, oldest first. */
  private readonly renderings = new Map<string, { json: string; body: string; renderedAt: Date }>();

  private constructor(
    private readonly firstListingPage: FirstListingPage,
    private readonly render: RenderHome | null,
  ) {}

  /** Loads the server renderer at `rendererPath` if it was built; without it the page is rendered in the browser. */
  static async create(firstListingPage: FirstListingPage, rendererPath: string): Promise<HomePage> {
    const file = resolve(rendererPath);
    const render = existsSync(file)
      ? ((await import(pathToFileURL(file).href)) as { renderHome: RenderHome }).renderHome
      : null;
    return new HomePage(firstListingPage, render);
  }

  /** The extra head and the root element's content of the home page at `query` in `language`; null for a search. */
  async parts(
    query: URLSearchParams = new URLSearchParams(),
    language: Language = 'en',
  ): Promise<{ head: string; body: string } | null> {
    const listing = readHomeListing((name) => query.get(name));
    if (listing.search !== null) return null;
    const listingKey = browseListingKey(listing.filter, listing.browse);
    const key = `${language}:${listingKey}`;
    const products = await this.firstListingPage({
      filter: listing.filter,
      ...Object.fromEntries(browseEntries(listing.browse)),
    });
    const json = JSON.stringify(products);
    const last = this.renderings.get(key);
    if (last && last.json === json && Date.now() - last.renderedAt.getTime() < REUSE_MS) {
      return { head: homeHead(products, last.renderedAt, listingKey), body: last.body };
    }
    const renderedAt = new Date();
    // Rendered at the listing's own key, so the page and its links are the same whatever else the URL carries.
    const body = this.render
      ? await this.render(products, renderedAt, listingKey ? `?${listingKey}` : '', language)
      : '';
    this.renderings.delete(key);
    this.renderings.set(key, { json, body, renderedAt });
    if (this.renderings.size > KEPT_RENDERINGS) this.renderings.delete(this.renderings.keys().next().value!);
    return { head: homeHead(products, renderedAt, listingKey), body };
  }
}
