import type { FieldProblem } from '../messages/popup-message.js';
/** Every kind of failure a business rule can report; the API maps each to one HTTP status. */
export const DOMAIN_ERROR_CODES = [
  'not_found',
  'not_allowed',
  'invalid_data',
  'conflict',
  'invalid_transition',
  'unauthenticated',
  'rate_limited',
  /** A service we depend on (the payment provider) failed or could not be reached. */
  'provider_failed',
] as const;

/** One of {@link DOMAIN_ERROR_CODES}. */
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** Extra facts a domain error may carry. */
export interface DomainErrorOptions {
  /** Field name -> what is wrong with it (shown beside form fields). */
  fields?: Record<string, string>;
  /** Machine-readable facts for the caller, e.g. the real totals of a rejected checkout. */
  details?: Record<string, unknown>;
  /** The error that led to this one, kept for logs. */
  cause?: unknown;
}

/**
 * The one error services and rules throw: a code plus the message a user may read.
 * It carries no HTTP status, so business code never depends on the transport.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  /** What kind of failure this is. */
  readonly code: DomainErrorCode;
  /** Field name -> message, for bad input. */
  readonly fields?: Record<string, string>;
  /** Machine-readable facts for the caller. */
  readonly details?: Record<string, unknown>;

  constructor(code: DomainErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.fields) this.fields = options.fields;
    if (options.details) this.details = options.details;
  }
}

/** True when `value` is a {@link DomainError} (also across bundles, where instanceof may fail). */
export function isDomainError(value: unknown): value is DomainError {
  return (
    value instanceof DomainError ||
    (value instanceof Error &&
      value.name === 'DomainError' &&
      (DOMAIN_ERROR_CODES as readonly string[]).includes((value as { code?: unknown }).code as string))
  );
}

/** A 400 naming every field of `problems` (field -> text, at least one), its message the first problem's text. */
export function fieldsRefused(problems: readonly FieldProblem[]): DomainError {
  return new DomainError('invalid_data', problems[0]?.text ?? 'Invalid data', {
    fields: Object.fromEntries(problems.map((found) => [found.field, found.text])),
  });
}
