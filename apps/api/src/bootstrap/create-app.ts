import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { loadConfig, type AppConfig } from '@mandi/config';
import { AppModule } from '../app.module.js';
import { devMailEnabled, serveDevMail } from '../dev-mail/dev-mail.routes.js';
import { serveFrontEnds } from '../web/front-ends.js';
import { securityHeaders } from './security-headers.js';

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
  const adapter = new FastifyAdapter({ bodyLimit: JSON_BODY_LIMIT, trustProxy: trustedProxies(config.TRUST_PROXY), genReqId: requestId });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  await app.register(helmet, securityHeaders(config));
  // JSON answers over 1 kB leave compressed (a page of products shrinks about sixfold): Brotli at a quality cheap
  // enough for every request, gzip for older clients. Pre-compressed front-end files are sent as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // The inbox of captured mail at /dev/mail, beside /api like the front ends; never in production.
  if (devMailEnabled(config)) serveDevMail(fastify, config.MAIL_CAPTURE_DIR);
  await serveFrontEnds(fastify, { storefront: config.STOREFRONT_DIST, adminUi: config.ADMIN_UI_DIST });
  return app;
}

/** Fastify's trustProxy for TRUST_PROXY: a hop count becomes "trust the nearest n hops". */
function trustedProxies(setting: AppConfig['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
