import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { inputProblem } from '@mandi/contracts';
import type { ZodType } from 'zod';
import { zodFields } from './api-error.js';

/**
 * Validates a request part against a schema from libs/contracts. Bad input is a 400 naming every failing field,
 * with the first field's message (the spec's text where the contract sets one) as the message. Input too deeply
 * nested, carrying a NUL character or a lone surrogate is refused before the schema looks at it (see inputProblem).
 * A body that is not a JSON object never gets here (common/body-rule.ts).
 */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const problem = inputProblem(value);
    if (problem) throw inputRefusal(problem.field, problem.message);
    return parseOrRefuse(this.schema, value ?? {});
  }
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
