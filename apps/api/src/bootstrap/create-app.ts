import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply } from 'fastify';
import { Logger } from 'nestjs-pino';
import { loadConfig, type AppConfig } from '@mandi/config';
import { API_ROUTES, outsideApiPrefix, productListQuerySchema } from '@mandi/contracts';
import { PRODUCT_LIMITS } from '@mandi/domain';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import { AppModule } from '../app.module.js';
import { errorBody } from '../common/api-error.js';
import { nestPath } from '../common/endpoint.decorator.js';
import { devMailEnabled, serveDevMail } from '../dev-mail/dev-mail.routes.js';
import { serveFiles } from '../files/files.routes.js';
import { answerNetworkRefusalsAsNacks } from '../ondc/network-refusals.js';
import { refuseOversizedMultipart } from '../files/multipart-limits.js';
import { ProductReadsService } from '../products/product-reads.service.js';
import { serveQueuesDashboard } from '../queues-dashboard/queues-dashboard.routes.js';
import { QueuesDashboard } from '../queues-dashboard/queues-dashboard.service.js';
import { serveFrontEnds } from '../web/front-ends.js';
import { HomePage } from '../web/home-page.js';
import { answerClientError } from './client-error.js';
import { httpServerOptions } from './http-server-options.js';
import { securityHeaderValues, securityHeaders } from './security-headers.js';

/** JSON bodies stay small; file uploads are streamed as multipart with limits of their own. */
const JSON_BODY_LIMIT = 1024 * 1024;

const SANE_REQUEST_ID = /^[\w.-]{1,64}$/;

/** Keeps a caller's (or load balancer's) x-request-id when it is sane, so one id follows a request across systems. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Builds the whole HTTP application: Nest on Fastify under the /api prefix, request ids, security headers, the
 * two built front ends on the same origin, and in development the inbox of captured mail at /dev/mail. Errors Fastify
 * raises before a route runs (bad JSON, a body too large) also reach Nest's exception layer, so they too leave in the
 * one error shape.
 */
export async function createApp(): Promise<NestFastifyApplication> {
  const config = loadConfig();
  // Fastify's request id is what every log line of a request carries (pino-http reuses it) and what the client sees.
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    genReqId: requestId,
    // Time limits on a client: a slow one is cut off (http-server-options.ts).
    ...httpServerOptions(config),
    // A request Node cannot parse is answered so that the client can read the answer (client-error.ts).
    clientErrorHandler: answerClientError,
    // The router refuses a malformed URL (400) or an over-long path parameter (414) before Nest sees the request;
    // those answers too leave in the one error shape, with the security headers.
    frameworkErrors: (error: FastifyError, _request: unknown, reply: FastifyReply) => {
      void reply
        .headers(security)
        .status(error.statusCode ?? 400)
        .send(errorBody(error.statusCode ?? 400, error.message));
    },
  });
  // rawBody: Razorpay signs its webhooks over the exact bytes it sent.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, { bufferLogs: true, rawBody: true });
  app.useLogger(app.get(Logger));
  // The registry's paths outside /api (ONDC's subscriber URL PUBLIC_URL/ondc, its site verification page) stay put,
  // each as the route is mounted (':invoiceId', not the registry's '{invoiceId}').
  app.setGlobalPrefix('api', {
    exclude: API_ROUTES.filter((route) => outsideApiPrefix(route.path)).map((route) => ({
      path: nestPath(route.path),
      method: RequestMethod[route.method],
    })),
  });
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  const security = securityHeaderValues(securityHeaders(config));
  // A callback hook, not an async one: Fastify would make and wait on a promise per request for nothing.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(security).header('x-request-id', request.id);
    done();
  });
  // The ONDC network's calls are refused in ONDC's NACK bodies, whatever refuses them (network-refusals.ts).
  answerNetworkRefusalsAsNacks(fastify);
  // JSON answers over 1 kB leave compressed (a page of products shrinks about sixfold): Brotli at a quality cheap
  // enough for every request, gzip for older clients. Pre-compressed front-end files are sent as they are.
  // An answer held in memory up to 64 kB is compressed in one call: the plugin's default on two cores (8 kB) sent a
  // listing page (17 kB) through a zlib stream, which cost 580 µs of CPU where one call costs 150 µs for the same
  // bytes, four times the rest of the request (docs/performance.md). Bigger answers and streams still stream.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Image uploads (products, profiles) are multipart forms, read by the routes themselves with their own limits
  // (apps/api/src/files/multipart-form.ts); these are the ceilings for any other multipart body.
  // A file over its limit is flagged (file.truncated) rather than thrown mid-body, so the route can read the body to
  // its end and answer 413 with the file's name instead of resetting the connection.
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_LIMITS.imageMaxBytes, files: 20 },
    throwFileSizeLimit: false,
  });
  // All parts together are capped before the body is read (413, or 411 without a length).
  fastify.addHook('onRequest', refuseOversizedMultipart);
  // What follows is served by Fastify itself, outside /api and outside the route registry on purpose: files and pages for
  // browsers (pictures, the dev inbox, the queue dashboard, the front ends), not API calls. No client calls them
  // through the contracts, Nest's guards never see them, and each checks what it needs itself (the queue dashboard
  // its session cookie). Every Nest controller route is a registry entry (@Endpoint).
  // The local file store's files at /files, beside /api like the front ends; an S3 store is served by its bucket.
  if (config.FILE_STORE === 'local') serveFiles(fastify, app.get<FileStore>(FILE_STORE));
  // The inbox of captured mail at /dev/mail, beside /api like the front ends; never in production.
  if (devMailEnabled(config)) serveDevMail(fastify, config.MAIL_CAPTURE_DIR);
  // bull-board at /adminpanel/queues behind the dashboard session (admins only), before the front ends' fallback.
  await serveQueuesDashboard(fastify, app.get(QueuesDashboard, { strict: false }));
  // The home page comes rendered on the server with its first listing page (from the listing cache).
  const products = app.get(ProductReadsService, { strict: false });
  const homePage = await HomePage.create(
    (query) => products.list(productListQuerySchema.parse(query)),
    config.STOREFRONT_SSR,
  );
  await serveFrontEnds(
    fastify,
    { storefront: config.STOREFRONT_DIST, adminUi: config.ADMIN_UI_DIST },
    (query, language) => homePage.parts(query, language),
  );
  return app;
}

/** Fastify's trustProxy for TRUST_PROXY: a hop count becomes "trust the nearest n hops". */
function trustedProxies(
  setting: AppConfig['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
