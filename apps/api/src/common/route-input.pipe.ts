import { BadRequestException, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { inputProblem, type ApiRoute } from '@mandi/contracts';
import type { ZodType } from 'zod';
import { zodFields } from './api-error.js';

/** The part of a registry entry that validates each kind of argument Nest hands a pipe. */
const INPUT_OF = { body: 'body', param: 'params', query: 'query' } as const;

/**
 * Validates a handler's `@Body()`, `@Param()` and `@Query()` with its registry entry's own schemas, picked by the kind
 * of argument; the arguments of custom decorators (`@CurrentCaller()`, `@ClientAddress()`) are the request's own,
 * not input, and pass through. `@Endpoint` sets it on every handler it mounts, and refuses at startup a handler whose
 * entry has no schema for an input it reads.
 */
export class RouteInputPipe implements PipeTransform {
  constructor(private readonly route: ApiRoute) {}

  transform(value: unknown, { type }: ArgumentMetadata): unknown {
    if (type === 'custom') return value;
    const schema = this.route[INPUT_OF[type]];
    // Unreachable past @Endpoint's check; never let unvalidated input through should it be bypassed.
    if (!schema) throw new Error(`${this.route.method} ${this.route.path} declares no schema for its ${type}`);
    return parseInput(schema, value);
  }
}

/**
 * A request part read by `schema` from libs/contracts. Bad input is a 400 naming every failing field, with the first
 * field's message (the spec's text where the contract sets one) as the message. Input too deeply nested, carrying a
 * NUL character or a lone surrogate is refused before the schema looks at it (see inputProblem). A body that is not a
 * JSON object never gets here (common/body-rule.ts).
 */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const problem = inputProblem(value);
  if (problem) throw inputRefusal(problem.field, problem.message);
  return parseOrRefuse(schema, value ?? {});
}

/** `value` read by `schema`, or the 400 naming every failing field (the first field's message as the message). */
export function parseOrRefuse<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = zodFields(result.error);
  throw new BadRequestException({ message: Object.values(fields)[0] ?? 'Invalid input', fields });
}

/** The 400 of input refused as a whole, naming the field it is in ('_' for the input itself). */
export function inputRefusal(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, fields: { [field]: message } });
}
