// What a seller node answers a call with at once (Beckn's Ack): ACK, or NACK with ONDC-RFC-001's error.
import type { OndcErrorType } from '@mandi/domain';
import { z } from 'zod';

/** Beckn's Error object: its type, ONDC's code, the failing field (e.g. message.order.items[0].quantity.count). */
export const ondcErrorSchema = z.looseObject({
  type: z.enum(['CONTEXT-ERROR', 'CORE-ERROR', 'DOMAIN-ERROR', 'POLICY-ERROR', 'JSON-SCHEMA-ERROR']),
  code: z.string().min(1),
  path: z.string().optional(),
  message: z.string().optional(),
});
/** Type of {@link ondcErrorSchema}. */
export type OndcError = { type: OndcErrorType; code: string; path?: string; message?: string };

/** The answer to an accepted call. */
export const ondcAckBodySchema = z.looseObject({
  message: z.looseObject({ ack: z.looseObject({ status: z.literal('ACK') }) }),
});
/** Type of {@link ondcAckBodySchema}. */
export type OndcAckBody = { message: { ack: { status: 'ACK' } } };

/** The answer to a refused call. */
export const ondcNackBodySchema = z.looseObject({
  message: z.looseObject({ ack: z.looseObject({ status: z.literal('NACK') }) }),
  error: ondcErrorSchema,
});
/** Type of {@link ondcNackBodySchema}. */
export type OndcNackBody = { message: { ack: { status: 'NACK' } }; error: OndcError };

/** Either answer (what a buyer app's or Mandi's callback endpoint answers too). */
export const ondcAckOrNackBodySchema = z.union([ondcAckBodySchema, ondcNackBodySchema]);
/** Type of {@link ondcAckOrNackBodySchema}. */
export type OndcAckOrNackBody = OndcAckBody | OndcNackBody;

/** The ACK body. */
export function ackBody(): OndcAckBody {
  return { message: { ack: { status: 'ACK' } } };
}

/** A NACK body carrying `error` (an empty or missing path is left out). */
export function nackBody(error: OndcError): OndcNackBody {
  const { type, code, path, message } = error;
  return {
    message: { ack: { status: 'NACK' } },
    error: { type, code, ...(path ? { path } : {}), ...(message === undefined ? {} : { message }) },
  };
}
