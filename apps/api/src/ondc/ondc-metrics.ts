import { Counter } from 'prom-client';
import { apiRegistry } from '../metrics/api-metrics.js';

/** How a network call was answered: acknowledged, acknowledged again (a retry), refused (NACK), or unauthenticated. */
export type OndcCallOutcome = 'ack' | 'duplicate' | 'nack' | 'unauthorized';

/**
 * The calls of buyer apps on /ondc/{action}, by action, outcome and the NACK's ONDC error code ('' for an ACK), so
 * NACKs per action and code and refused signatures can be watched (docs/operations.md).
 */
export const ondcCallsReceived = new Counter({
  name: 'mandi_ondc_calls_received_total',
  help: 'ONDC calls received on /ondc/{action}, by action, outcome (ack, duplicate, nack, unauthorized) and error code',
  labelNames: ['action', 'outcome', 'code'] as const,
  registers: [apiRegistry],
});

/** Counts one answered call. */
export function countOndcCall(action: string, outcome: OndcCallOutcome, code = ''): void {
  ondcCallsReceived.inc({ action, outcome, code });
}
