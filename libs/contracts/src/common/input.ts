/** Limits on the shape of any request input, checked before its schema (apps/api/src/common/zod-body.pipe.ts). */
export const INPUT_LIMITS = {
  /** Deepest nesting of objects and arrays in a body; our deepest contract nests 3 levels. */
  depthMax: 32,
} as const;

/** Refusals of input no schema should even see. */
export const INPUT_MESSAGES = {
  tooDeep: `Input is nested more than ${INPUT_LIMITS.depthMax} levels deep`,
  nulCharacter: 'must not contain NUL characters',
} as const;

/** A problem of the input as a whole: the field it is in ('_' for the input itself) and what is wrong. */
export interface InputProblem {
  field: string;
  message: string;
}

/**
 * What is wrong with a request's input as a whole, or null: nesting deeper than {@link INPUT_LIMITS.depthMax}, or a
 * NUL character in any text or key (PostgreSQL cannot store one, and no person types one). Walks with its own stack,
 * so a deeply nested body cannot exhaust the call stack.
 */
export function inputProblem(input: unknown): InputProblem | null {
  const stack: [unknown, string[]][] = [[input, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    const field = path.length > 0 ? path.join('.') : '_';
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field, message: `${path.length > 0 ? field : 'Text'} ${INPUT_MESSAGES.nulCharacter}` };
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= INPUT_LIMITS.depthMax) return { field, message: INPUT_MESSAGES.tooDeep };
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return { field, message: `Names ${INPUT_MESSAGES.nulCharacter}` };
        stack.push([inner, [...path, key]]);
      }
    }
  }
  return null;
}
