import type { FastifyInstance } from 'fastify';
import { nackBody, type OndcError } from '@mandi/contracts';
import { ONDC_ACTIONS, ONDC_ERRORS } from '@mandi/domain';
import { countOndcCall } from './ondc-metrics.js';

const ACTIONS = new Set<string>(ONDC_ACTIONS);

/**
 * What a network call is refused with before its route runs (Fastify's body parser, the API's body rule), as a NACK
 * instead of the API's error shape (docs/ondc.md, "Receiving calls"): a body that is not JSON or not an object (400),
 * of another content type (400), or over the 1 MB limit (413). A server fault answers 503 NACK 31001, without its
 * detail. The routes' own answers are NACKs already and pass untouched. Registered in create-app.ts, before the
 * compression hook, so it reads the error body as it was written.
 */
export function answerNetworkRefusalsAsNacks(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400) return done(null, payload);
    const path = request.url.split('?', 1)[0]!;
    const action = path.startsWith('/ondc/') ? path.slice('/ondc/'.length) : '';
    if (!ACTIONS.has(action) || typeof payload !== 'string') return done(null, payload);
    const written = parsed(payload);
    if (written === null || isNack(written)) return done(null, payload);
    const { status, error } = refusalOf(reply.statusCode, written);
    countOndcCall(action, 'nack', error.code);
    void reply.code(status).header('content-type', 'application/json; charset=utf-8');
    done(null, JSON.stringify(nackBody(error)));
  });
}

/** The NACK of an answer in the API's error shape ({statusCode, error, message, fields}). */
function refusalOf(statusCode: number, written: Record<string, unknown>): { status: number; error: OndcError } {
  const invalid = ONDC_ERRORS.invalidRequest.code;
  const fields = (written.fields ?? {}) as Record<string, string>;
  const field = Object.keys(fields)[0];
  const message = typeof written.message === 'string' ? written.message : 'Invalid request';
  if (statusCode === 413) {
    return { status: 413, error: { type: 'JSON-SCHEMA-ERROR', code: invalid, message: 'the body is over 1 MB' } };
  }
  if (statusCode === 415 || statusCode === 400) {
    const what = statusCode === 415 ? 'the body must be application/json' : message;
    const path = field === undefined || field === '_' ? undefined : field;
    return {
      status: 400,
      error: { type: 'JSON-SCHEMA-ERROR', code: invalid, ...(path ? { path } : {}), message: what },
    };
  }
  if (statusCode >= 500) {
    return {
      status: 503,
      error: { type: 'CORE-ERROR', code: ONDC_ERRORS.internalError.code, message: ONDC_ERRORS.internalError.message },
    };
  }
  return { status: statusCode, error: { type: 'POLICY-ERROR', code: invalid, message } };
}

function parsed(payload: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether an answer is ONDC's already (the routes' own NACKs). */
function isNack(written: Record<string, unknown>): boolean {
  const message = written.message;
  return typeof message === 'object' && message !== null && 'ack' in message;
}
