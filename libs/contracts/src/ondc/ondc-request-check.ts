// The checks of a call the seller node receives, in the order it answers them (docs/ondc.md, "Receiving calls"):
// the context (type CONTEXT-ERROR), the payload (JSON-SCHEMA-ERROR), then whether the call is still fresh (20002).
import { ONDC_DEFAULT_TTL, ONDC_ERRORS, type OndcAction } from '@mandi/domain';
import type { z } from 'zod';
import type { OndcError } from './ondc-ack.schema.js';
import { ondcContextSchema, ondcRequestSchemas, type OndcRequestOf } from './ondc-request.schema.js';

const DURATION =
  /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const SECOND = 1000;
const DAY = 86_400 * SECOND;
// Years and months as ONDC's ttls never need them exactly: 365 and 30 days.
const UNIT_MS = [365 * DAY, 30 * DAY, 7 * DAY, DAY, 3600 * SECOND, 60 * SECOND, SECOND];

/** Milliseconds of an ISO-8601 duration ("PT30S" -> 30000), or null if it is not one. */
export function ondcDurationMs(duration: string): number | null {
  const match = DURATION.exec(duration);
  if (!match || duration === 'P' || duration.endsWith('T')) return null;
  return UNIT_MS.reduce((total, unit, index) => total + Number(match[index + 1] ?? 0) * unit, 0);
}

/** A zod issue's path in ONDC's notation: message.order.items[0].quantity.count. */
export function ondcPathOf(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

function firstProblem(error: z.ZodError, prefix: string): { path: string; message: string } {
  const issue = error.issues[0];
  const path = ondcPathOf([...(prefix ? [prefix] : []), ...(issue?.path ?? [])]);
  const got =
    issue?.code === 'invalid_type' && issue.message.includes('received undefined') ? 'is required' : issue?.message;
  return { path, message: `${path || 'the body'} ${got ?? 'is invalid'}` };
}

export interface OndcRequestCheckOptions {
  /** Mandi's subscriber id: every call but search must name it as bpp_id. */
  readonly subscriberId: string;
  /** The time the call arrived (ms since the epoch). */
  readonly now: number;
}

export type OndcRequestCheck<A extends OndcAction> =
  | { readonly ok: true; readonly request: OndcRequestOf<A>; readonly dueBy: Date }
  | { readonly ok: false; readonly error: OndcError };

/**
 * Checks a parsed JSON body as the request of `action`: the first problem found, with ONDC's type, code and the
 * field's path, or the request with the time its callback is due by (context.timestamp + ttl).
 */
export function checkOndcRequest<A extends OndcAction>(
  action: A,
  body: unknown,
  options: OndcRequestCheckOptions,
): OndcRequestCheck<A> {
  const invalid = ONDC_ERRORS.invalidRequest.code;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      error: { type: 'JSON-SCHEMA-ERROR', code: invalid, message: 'the body must be a JSON object' },
    };
  }
  const schema = ondcRequestSchemas[action];
  const contextSchema = schema.shape.context;
  const context = contextSchema.safeParse((body as { context?: unknown }).context);
  if (!context.success)
    return { ok: false, error: { type: 'CONTEXT-ERROR', code: invalid, ...firstProblem(context.error, 'context') } };
  const { bpp_id: bppId, timestamp, ttl } = context.data;
  if (bppId !== undefined && bppId !== options.subscriberId) {
    return {
      ok: false,
      error: {
        type: 'CONTEXT-ERROR',
        code: invalid,
        path: 'context.bpp_id',
        message: `context.bpp_id must be ${options.subscriberId}`,
      },
    };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return { ok: false, error: { type: 'JSON-SCHEMA-ERROR', code: invalid, ...firstProblem(parsed.error, '') } };
  const dueBy = Date.parse(timestamp) + (ondcDurationMs(ttl ?? ONDC_DEFAULT_TTL) ?? 0);
  if (dueBy < options.now) {
    return {
      ok: false,
      error: {
        type: 'CONTEXT-ERROR',
        code: ONDC_ERRORS.staleRequest.code,
        path: 'context.timestamp',
        message: `${ONDC_ERRORS.staleRequest.message}: context.timestamp + ttl has passed`,
      },
    };
  }
  return { ok: true, request: parsed.data as OndcRequestOf<A>, dueBy: new Date(dueBy) };
}

/** The context of any body, if it has one a seller node can read (for logging and metrics of refused calls). */
export function ondcContextOf(body: unknown): z.infer<typeof ondcContextSchema> | null {
  const parsed = ondcContextSchema.safeParse((body as { context?: unknown } | null)?.context);
  return parsed.success ? parsed.data : null;
}
