import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Product } from '@mandi/contracts';
import { homeHead } from './front-ends.js';

/** The storefront's server renderer (storefront/src/entry-server.tsx, built by `vite build --ssr`). */
type RenderHome = (products: Product[], renderedAt: Date) => Promise<string>;

/**
 * How long a rendered home page is reused while the first listing page is unchanged. Rendering costs tens of
 * milliseconds; the page's relative times ('5 m', 'Expires in 2 hr') are rendered against the moment of rendering,
 * which the page carries, and the browser shows its own time once it has taken the page over.
 */
const REUSE_MS = 10_000;

/**
 * The storefront's home page as the API sends it: the first listing page embedded in the head, and the page
 * rendered on the server (when the storefront's server build exists), so a phone paints products as soon as the
 * HTML arrives instead of after downloading and running the JavaScript.
 */
export class HomePage {
  private last: { json: string; body: string; renderedAt: Date } | null = null;

  private constructor(
    private readonly firstListingPage: () => Promise<Product[]>,
    private readonly render: RenderHome | null,
  ) {}

  /** Loads the server renderer at `rendererPath` if it was built; without it the page is rendered in the browser. */
  static async create(firstListingPage: () => Promise<Product[]>, rendererPath: string): Promise<HomePage> {
    const file = resolve(rendererPath);
    const render = existsSync(file) ? ((await import(pathToFileURL(file).href)) as { renderHome: RenderHome }).renderHome : null;
    return new HomePage(firstListingPage, render);
  }

  /** The extra head and the root element's content of the home page. */
  async parts(): Promise<{ head: string; body: string }> {
    const products = await this.firstListingPage();
    const json = JSON.stringify(products);
    const last = this.last;
    if (last && last.json === json && Date.now() - last.renderedAt.getTime() < REUSE_MS) {
      return { head: homeHead(products, last.renderedAt), body: last.body };
    }
    const renderedAt = new Date();
    const body = this.render ? await this.render(products, renderedAt) : '';
    this.last = { json, body, renderedAt };
    return { head: homeHead(products, renderedAt), body };
  }
}
