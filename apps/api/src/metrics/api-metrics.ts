import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The API's metrics that are observed as things happen, one registry per process (docs/operations.md lists each);
 * the pipeline's gauges are read when Prometheus scrapes (MetricsService).
 */
export const apiRegistry = new Registry();

// Process metrics under their standard names (process_cpu_seconds_total, nodejs_heap_size_used_bytes, ...).
collectDefaultMetrics({ register: apiRegistry });

/**
 * Seconds from a request's arrival to its answer, by method, route pattern and status. The route is the pattern the
 * router matched ('/api/products/:id'), never the raw URL, so ids and queries add no series; 'unmatched' for a 404
 * no route took.
 */
export const httpRequestDuration = new Histogram({
  name: 'mandi_http_request_duration_seconds',
  help: 'How long the API took to answer, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [apiRegistry],
});

/** Failed calls to Razorpay, by SDK operation: the provider answering with an error, or not at all. */
export const razorpayErrors = new Counter({
  name: 'mandi_razorpay_errors_total',
  help: 'Razorpay calls that failed (an error answer or no answer), by operation',
  labelNames: ['operation'] as const,
  registers: [apiRegistry],
});
