import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The worker's metrics, one registry per process (docs/operations.md lists each). Observations are made where the work
 * happens (the job runner, the PDF renderer, the refunds gateway); the metrics server adds the pool's gauges and
 * serves the lot.
 */
export const workerRegistry = new Registry();

// Process metrics under their standard names (process_cpu_seconds_total, nodejs_heap_size_used_bytes, ...).
collectDefaultMetrics({ register: workerRegistry });

/** Seconds from a job's start to its end, by queue, job and outcome. Jobs take milliseconds to tens of seconds. */
const jobDuration = new Histogram({
  name: 'mandi_job_duration_seconds',
  help: 'How long one run of a job took, by queue, job and outcome (handled, duplicate, failed)',
  labelNames: ['queue', 'job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [workerRegistry],
});

/** Seconds one PDF took Chromium to lay out and print, by outcome. */
export const pdfRenderDuration = new Histogram({
  name: 'mandi_pdf_render_duration_seconds',
  help: 'How long Chromium took to print one invoice or credit note, by outcome (rendered, failed)',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20],
  registers: [workerRegistry],
});

/** Failed calls to Razorpay, by SDK operation: the provider answering with an error, or not at all. */
export const razorpayErrors = new Counter({
  name: 'mandi_razorpay_errors_total',
  help: 'Razorpay calls that failed (an error answer or no answer), by operation',
  labelNames: ['operation'] as const,
  registers: [workerRegistry],
});

/** Breaks of the ledger's invariants the last periodic check found (apps/worker/src/ledger/ledger-check.sweep.ts). */
export const ledgerBreaks = new Gauge({
  name: 'mandi_ledger_breaks',
  help: "Breaks of the ledger's invariants the last check found (0 is a ledger that accounts for every paisa)",
  registers: [workerRegistry],
});

/**
 * Mandi's callbacks to ONDC buyer apps (docs/ondc.md), by callback (`on_search`, ...) and how each post ended: `ack`
 * and `nack` are the buyer app's answers, `failed` a post it did not answer (down, timed out, an error status), retried.
 */
export const ondcCallbacks = new Counter({
  name: 'mandi_ondc_callbacks_total',
  help: 'Callbacks posted to ONDC buyer apps, by action and outcome (ack, nack, failed)',
  labelNames: ['action', 'outcome'] as const,
  registers: [workerRegistry],
});

/** Callbacks a buyer app answered after the request's ttl had run out, by callback. */
export const ondcLateCallbacks = new Counter({
  name: 'mandi_ondc_late_callbacks_total',
  help: "Callbacks answered after their request's ttl, by action",
  labelNames: ['action'] as const,
  registers: [workerRegistry],
});

/** Seconds from a buyer app's request reaching the API to its callback's ACK, by callback. The ttl is 30 s. */
export const ondcCallbackSeconds = new Histogram({
  name: 'mandi_ondc_callback_seconds',
  help: "Seconds from a buyer app's request to the ACK of Mandi's callback, by action",
  labelNames: ['action'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60],
  registers: [workerRegistry],
});

/** How one run of a job ended: its handler ran, it had run before (skipped), or it threw. */
export type JobRunOutcome = 'handled' | 'duplicate' | 'failed';

/** What the job runner reports about each run, as an injectable so the runner's constructor says it uses metrics. */
@Injectable()
export class WorkerMetrics {
  /** Records one run of job `job` on queue `queue` that took `seconds` and ended as `outcome`. */
  observeJob(queue: string, job: string, outcome: JobRunOutcome, seconds: number): void {
    jobDuration.observe({ queue, job, outcome }, seconds);
  }
}
