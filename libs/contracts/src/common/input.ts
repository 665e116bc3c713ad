/** Limits on the shape of any request input, checked before its schema (apps/api/src/common/route-input.pipe.ts). */
export const INPUT_LIMITS = {
  /** Deepest nesting of objects and arrays in a body; our deepest contract nests 3 levels. */
  depthMax: 32,
} as const;

/** Refusals of input no schema should even see. */
export const INPUT_MESSAGES = {
  tooDeep: `Input is nested more than ${INPUT_LIMITS.depthMax} levels deep`,
  nulCharacter: 'must not contain NUL characters',
  /** A lone UTF-16 surrogate ("\ud800" in JSON) is not text: PostgreSQL, mail and PDF renders cannot carry it. */
  illFormed: 'must be well-formed Unicode text',
} as const;

/** Refusals of a request body that does not fit its route (apps/api/src/common/body-rule.ts). */
export const BODY_MESSAGES = {
  notAnObject: 'Request body must be a JSON object.',
  jsonOnly: 'Content-Type must be application/json (UTF-8).',
  multipartOnly: 'Content-Type must be multipart/form-data.',
  noBodyExpected: 'This route takes no request body other than JSON.',
} as const;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A problem of the input as a whole: the field it is in ('_' for the input itself) and what is wrong. */
export interface InputProblem {
  field: string;
  message: string;
}

/**
 * What is wrong with a request's input as a whole, or null: nesting deeper than {@link INPUT_LIMITS.depthMax}, a
 * NUL character in any text or key (PostgreSQL cannot store one, and no person types one), or text that is not
 * well-formed Unicode (a lone surrogate, which only a JSON escape can carry). Walks with its own stack,
 * so a deeply nested body cannot exhaust the call stack.
 */
export function inputProblem(input: unknown): InputProblem | null {
  const stack: [unknown, string[]][] = [[input, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    const field = path.length > 0 ? path.join('.') : '_';
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        return { field, message: `${path.length > 0 ? field : 'Text'} ${INPUT_MESSAGES.nulCharacter}` };
      if (LONE_SURROGATE.test(value))
        return { field, message: `${path.length > 0 ? field : 'Text'} ${INPUT_MESSAGES.illFormed}` };
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= INPUT_LIMITS.depthMax) return { field, message: INPUT_MESSAGES.tooDeep };
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return { field, message: `Names ${INPUT_MESSAGES.nulCharacter}` };
        if (LONE_SURROGATE.test(key)) return { field, message: `Names ${INPUT_MESSAGES.illFormed}` };
        stack.push([inner, [...path, key]]);
      }
    }
  }
  return null;
}
