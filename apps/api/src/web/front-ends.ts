import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EMBEDDED_LISTING_ID,
  LANGUAGES,
  LANGUAGE_COOKIE,
  LANGUAGE_LOCALES,
  acceptedLanguages,
  pickLanguage,
  readCookie,
  type Language,
} from '@mandi/domain';
import { errorBody } from '../common/api-error.js';

/** Hashed build assets never change under their name; everything else is revalidated on each visit. */
function setCacheHeaders(reply: FastifyReply, path: string): void {
  const immutable = /[/\\]assets[/\\]/.test(path);
  void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built storefront at / and the console at /adminpanel from the API's own origin. Client-side routes of
 * both apps fall back to their index.html; unknown /api paths stay JSON 404s. A front end that was not built is
 * simply not served (the API still runs), which keeps API-only tests independent of the Vite builds.
 */
export async function serveFrontEnds(
  fastify: FastifyInstance,
  dirs: { storefront: string; adminUi: string },
  /**
   * What the storefront's home page ('/', with its filter and browsing parameters) carries besides the built HTML: in
   * its <head> the first listing page (see {@link homeHead}), and in its root element the page rendered on the server.
   * Null (a search, rendered in the browser) or a failure leaves the HTML plain, and the browser renders the page.
   */
  home?: (query: URLSearchParams, language: Language) => Promise<{ head: string; body: string } | null>,
): Promise<void> {
  const apps = [
    { prefix: '/adminpanel/', root: resolve(dirs.adminUi) },
    { prefix: '/', root: resolve(dirs.storefront) },
  ].filter((app) => existsSync(join(app.root, 'index.html')));

  for (const [index, app] of apps.entries()) {
    await fastify.register(fastifyStatic, {
      root: app.root,
      prefix: app.prefix,
      wildcard: false, // one route per built file, so the SPA fallback below never shadows a real file
      index: false,
      // The build writes .br and .gz beside each text asset (scripts/compress-assets.mjs).
      preCompressed: true,
      decorateReply: index === 0,
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
  }

  const indexHtml = new Map(apps.map((app) => [app.prefix, readFileSync(join(app.root, 'index.html'))]));
  // The storefront's page names the visitor's language in <html lang> (screen readers, fonts, hyphenation).
  const storefrontIndex = indexHtml.get('/')?.toString('utf8');
  const catalogues = catalogueChunks(resolve(dirs.storefront));
  const storefrontIndexIn = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      storefrontIndex && inLanguage(storefrontIndex, language, catalogues[language]),
    ]),
  ) as Record<Language, string | undefined>;
  const sendIndex = (reply: FastifyReply, prefix: string, language: Language = 'en') => {
    const html = prefix === '/' ? storefrontIndexIn[language] : indexHtml.get(prefix);
    if (!html) return reply.status(404).send(errorBody(404, 'This page is not built. Run npm run build.'));
    if (prefix === '/') void reply.header('vary', 'Cookie, Accept-Language');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  const storefrontHtml = inlineStylesheets(storefrontIndex, resolve(dirs.storefront));
  const storefrontHtmlIn = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      storefrontHtml && scriptsAfterPictures(inLanguage(storefrontHtml, language, catalogues[language])),
    ]),
  ) as Record<Language, string | undefined>;
  const sendHome = async (reply: FastifyReply, query: URLSearchParams, language: Language) => {
    const extra = storefrontHtml && home ? await home(query, language).catch(() => null) : null;
    if (!extra) return sendIndex(reply, '/', language);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(withHome(storefrontHtmlIn[language]!, extra, language));
  };

  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/')) {
        return reply.status(404).send(errorBody(404, `Cannot ${request.method} ${path}`));
      }
      // The queue dashboard (apps/api/src/queues-dashboard) answers for its own paths, never the console.
      if (path === '/adminpanel/queues' || path.startsWith('/adminpanel/queues/')) {
        return reply.status(404).send(errorBody(404, `Cannot ${request.method} ${path}`));
      }
      if (path === '/adminpanel' || path.startsWith('/adminpanel/')) return sendIndex(reply, '/adminpanel/');
      const language = visitorLanguage(request);
      if (path === '/') return sendHome(reply, new URLSearchParams(request.url.slice(path.length + 1)), language);
      return sendIndex(reply, '/', language);
    },
  });
}

/**
 * The storefront's HTML with its stylesheets written into the page, for the server-rendered home page: a phone can
 * paint it from the HTML alone instead of waiting one more round trip for the CSS (about 5 kB compressed).
 */
function inlineStylesheets(html: string | undefined, root: string): string | undefined {
  return html?.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g, (link, file: string) => {
    const path = join(root, file);
    return existsSync(path) ? `<style>${readFileSync(path, 'utf8')}</style>` : link;
  });
}

/** Characters a JSON text must not carry raw inside an HTML <script> element. */
const JSON_UNSAFE_IN_HTML = /[<>&\u2028\u2029]/g;

/**
 * The storefront's HTML with the home page's extra head and rendered root. Function replacers insert the parts as
 * they are: a string replacement would read `$&`, `$'` or `` $` `` in a product's name as a pattern and copy the
 * page into itself (issue 13: six <title> elements).
 */
function withHome(html: string, extra: { head: string; body: string }, language: Language): string {
  // The root names the language it was rendered in, which the browser's hydration must use (storefront main.tsx).
  return html
    .replace('</head>', () => `${extra.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-language="${language}">${extra.body}</div>`);
}

/**
 * The storefront's HTML in `language`: `<html lang>` set, and its catalogue chunk preloaded, so the browser fetches
 * the texts beside the entry script instead of one round trip after it (main.tsx waits for them to start).
 */
function inLanguage(html: string, language: Language, catalogue: string | undefined): string {
  const preload = catalogue ? `<link rel="modulepreload" crossorigin href="/${catalogue}">` : '';
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${LANGUAGE_LOCALES[language]}"`)
    .replace('</head>', () => `${preload}</head>`);
}

/** The start of each language's catalogue (assets/hi-start-….js), from the build's Vite manifest; none without one. */
function catalogueChunks(root: string): Partial<Record<Language, string>> {
  const manifestPath = join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return {};
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file?: string }>;
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, manifest[`virtual:catalogue/${language}-start`]?.file]),
  );
}

/**
 * The server-rendered home page needs no script to paint: its scripts only take the page over. Fetched at low priority,
 * they leave a slow phone's bandwidth (and the browser's six connections) to the first row's pictures, the page's
 * largest paint, instead of sending them after about 150 kB of JavaScript. Pages rendered in the browser keep their
 * scripts first.
 */
function scriptsAfterPictures(html: string): string {
  return html
    .replaceAll('<script type="module" crossorigin ', '<script type="module" fetchpriority="low" crossorigin ')
    .replaceAll('<link rel="modulepreload" crossorigin ', '<link rel="modulepreload" fetchpriority="low" crossorigin ');
}

/** The visitor's language: the storefront's cookie, else on a first visit the browser's Accept-Language. */
function visitorLanguage(request: FastifyRequest): Language {
  return pickLanguage(
    readCookie(request.headers.cookie, LANGUAGE_COOKIE),
    acceptedLanguages(request.headers['accept-language']),
  );
}

/**
 * The extra <head> of the storefront's home page: the first listing page as a JSON data block, from which the
 * browser hydrates the server-rendered cards without a request of its own (a data block is not a script, so the
 * content security policy allows it), and the moment the page was rendered, against which the browser reads its
 * relative times while it takes the page over, and for a filtered page its listing key (`homeListingKey`). `<`, `>`
 * and `&` are written as JSON escapes so no product text can close the block or open a comment, and U+2028 and U+2029
 * so the text stays valid in any JavaScript reader.
 */
export function homeHead(products: readonly unknown[], renderedAt: Date, listingKey = ''): string {
  const json = JSON.stringify(products).replace(
    JSON_UNSAFE_IN_HTML,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  // A filtered page names its listing (the storefront takes the block only for the same one); '/' carries none.
  const listing = listingKey ? ` data-listing="${listingKey.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"` : '';
  return `<script type="application/json" id="${EMBEDDED_LISTING_ID}" data-rendered-at="${renderedAt.toISOString()}"${listing}>${json}</script>`;
}
