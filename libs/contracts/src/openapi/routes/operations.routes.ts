import type { ApiRoute } from '../api-route.js';

/* What operations scrape: the API's Prometheus metrics (docs/operations.md). */

export const metrics = {
  method: 'GET',
  path: '/api/metrics',
  tag: 'Operations',
  summary:
    "Prometheus metrics (text exposition). With METRICS_TOKEN set, only for 'Authorization: Bearer <METRICS_TOKEN>' (401 otherwise); without it, open in development and 404 in production",
  // Not a Firebase route: the access guard lets it through and the controller checks the scrape token.
  access: 'public',
  rateLimit: 'exempt',
  answers: { 200: { description: 'The metrics', contentType: 'text/plain; version=0.0.4' } },
  errors: [401, 404],
} satisfies ApiRoute;
