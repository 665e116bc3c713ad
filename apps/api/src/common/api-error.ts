import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { isDomainError, type DomainErrorCode } from '@mandi/domain';
import { ZodError } from 'zod';

/** The one JSON shape of every API error. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** For bad input: the failing fields and what is wrong with each. */
  fields?: Record<string, string>;
  /** Machine-readable facts, e.g. the real totals of a checkout whose client totals were wrong. */
  details?: Record<string, unknown>;
}

const statusOfDomainCode: Record<DomainErrorCode, number> = {
  invalid_data: 400,
  unauthenticated: 401,
  not_allowed: 403,
  not_found: 404,
  conflict: 409,
  invalid_transition: 409,
  rate_limited: 429,
  provider_failed: 502,
};

/** Builds the error body for any status, message and optional fields. */
export function errorBody(
  statusCode: number,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
): ApiErrorBody {
  const body: ApiErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (fields && Object.keys(fields).length > 0) body.fields = fields;
  if (details) body.details = details;
  return body;
}

/** Turns zod issues into a field -> message map (first message per field). */
export function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Maps whatever was thrown to the API's error shape. Domain errors carry a code and the user-facing text;
 * Nest and Fastify errors carry a status; anything else is a 500 whose details stay in the log.
 */
export function toApiError(exception: unknown): ApiErrorBody {
  if (isDomainError(exception)) {
    return errorBody(statusOfDomainCode[exception.code], exception.message, exception.fields, exception.details);
  }
  if (exception instanceof ZodError) {
    const fields = zodFields(exception);
    return errorBody(400, Object.values(fields)[0] ?? 'Invalid input', fields);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string') return errorBody(status, response);
    const { message, fields } = response as { message?: unknown; fields?: Record<string, string> };
    const text = Array.isArray(message)
      ? message.join('; ')
      : typeof message === 'string'
        ? message
        : exception.message;
    return errorBody(status, text, fields);
  }
  // Fastify's own errors (bad JSON, unsupported media type, body too large) carry a 4xx statusCode.
  const status = (exception as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return errorBody(status, (exception as Error).message || STATUS_CODES[status] || 'Bad request');
  }
  return errorBody(500, 'Something went wrong on our end. Please try again.');
}
