import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpRequestDuration } from './api-metrics.js';

/** The route label of a request no route matched (a 404 from the router): one series, whatever was asked. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every answer of `fastify` (the API, the front ends, bull-board, files) into mandi_http_request_duration_seconds
 * by the matched route's pattern. An onResponse hook: it runs after the answer is sent, so it adds nothing to it.
 */
export function observeHttpRequests(fastify: FastifyInstance): void {
  // A callback hook: an async one costs a promise per request.
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
