import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
  const sendIndex = (reply: FastifyReply, prefix: string) => {
    const html = indexHtml.get(prefix);
    if (!html) return reply.status(404).send(errorBody(404, 'This page is not built. Run npm run build.'));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/')) {
        return reply.status(404).send(errorBody(404, `Cannot ${request.method} ${path}`));
      }
      if (path === '/adminpanel' || path.startsWith('/adminpanel/')) return sendIndex(reply, '/adminpanel/');
      return sendIndex(reply, '/');
    },
  });
}
