import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { inputProblem } from '@mandi/contracts';
import type { ZodType } from 'zod';
import { zodFields } from './api-error.js';

/**
 * Validates a request part against a schema from libs/contracts. Bad input is a 400 naming every failing field,
 * with the first field's message (the spec's text where the contract sets one) as the message. Input too deeply
 * nested or carrying a NUL character is refused before the schema looks at it (see inputProblem).
 */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const problem = inputProblem(value);
    if (problem)
      throw new BadRequestException({ message: problem.message, fields: { [problem.field]: problem.message } });
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const fields = zodFields(result.error);
    throw new BadRequestException({ message: Object.values(fields)[0] ?? 'Invalid input', fields });
  }
}
