import { bodyKindOf, type ApiRoute, type BodyKind, type RouteMethod } from '../openapi/api-route.js';

/**
 * How a success answer is read: JSON (a schema, or a JSON file), text (CSV, HTML), bytes (a PDF), or nothing (a
 * redirect, 204).
 */
export type AnswerKind = 'json' | 'text' | 'blob' | 'none';

/** What the client needs of a route at run time: no schema, so calling a route costs a browser bundle no zod. */
export interface RouteLine {
  method: RouteMethod;
  /** OpenAPI style, with the /api prefix ('/api/cart/{uid}'). */
  path: string;
  body: BodyKind;
  answer: AnswerKind;
}

/** The success statuses of the registry's answers (a redirect is none: the browser follows it). */
function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** How a route's success answer is read, by what its entry declares. */
export function answerKindOf(route: Pick<ApiRoute, 'answers'>): AnswerKind {
  const answers = Object.entries(route.answers)
    .filter(([status]) => isSuccess(Number(status)))
    .map(([, answer]) => answer);
  if (answers.some((answer) => answer.schema || answer.contentType?.includes('json'))) return 'json';
  if (answers.some((answer) => answer.contentType?.startsWith('text/'))) return 'text';
  if (answers.some((answer) => answer.contentType)) return 'blob';
  return 'none';
}

/** A registry entry's line (scripts/routes/write-route-lines.mjs writes them all into route-lines.ts). */
export function routeLineOf(route: ApiRoute): RouteLine {
  return { method: route.method, path: route.path, body: bodyKindOf(route), answer: answerKindOf(route) };
}
