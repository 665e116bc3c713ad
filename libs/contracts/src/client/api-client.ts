import type { z, ZodType } from 'zod';
import type { RouteMethod } from '../openapi/api-route.js';
import type { ROUTES, RouteName } from '../openapi/api-routes.js';
import type { AnswerKind } from './route-line.js';
import { ROUTE_LINES } from './route-lines.js';

/*
 * The typed client of the route registry (docs/frontends.md, "Calling the API"): a route's name and its input give
 * the request, and the route's entry gives the answer's type. At run time only the route's line (route-lines.ts:
 * method, path, body and answer kinds) is read; the entry's schemas are types here (`import type`), so a front end
 * that calls the API carries no zod. Each front end sends the request through its own transport (token, overlay,
 * errors) and reads the answer with readAnswer.
 */

/** Where every route of the API lives. */
export const API_PREFIX = '/api';

type Entry<N extends RouteName> = (typeof ROUTES)[N];
type Line<N extends RouteName> = (typeof ROUTE_LINES)[N];

/** The browser's FormData and Blob where the compiling program has them (the front ends, Node), unknown elsewhere. */
type WebFormData = typeof globalThis extends { FormData: { prototype: infer F } } ? F : unknown;
type WebBlob = typeof globalThis extends { Blob: { prototype: infer B } } ? B : unknown;

/** The names of a path's `{param}` segments ('/api/products/user/{uid}/{productId}' -> 'uid' | 'productId'). */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** A value of the query string; null and undefined leave the field out. */
export type QueryValue = string | number | boolean | null | undefined;

type QueryField<T> = unknown extends T ? QueryValue : Extract<T, QueryValue> | null | undefined;

type ParamsPart<N extends RouteName> = [PathParamNames<Line<N>['path']>] extends [never]
  ? { params?: never }
  : { params: { readonly [K in PathParamNames<Line<N>['path']>]: string | number } };

type QueryPart<N extends RouteName> =
  Entry<N> extends { query: infer Q extends ZodType }
    ? { query?: { readonly [K in keyof z.input<Q>]?: QueryField<z.input<Q>[K]> } }
    : { query?: never };

type JsonBody<N extends RouteName> = Entry<N> extends { body: infer B extends ZodType } ? z.input<B> : unknown;

type BodyPart<N extends RouteName> = {
  json: { body: JsonBody<N> };
  'json-or-none': { body?: JsonBody<N> };
  multipart: { body: WebFormData };
  none: { body?: never };
}[Line<N>['body']];

/**
 * What calling route N takes: `params` for the path's `{name}` segments, `query` of the route's query schema, and
 * `body` (JSON of the body schema, or a FormData for a multipart route), each present only where the route has it.
 */
export type RouteInput<N extends RouteName> = N extends RouteName ? ParamsPart<N> & QueryPart<N> & BodyPart<N> : never;

/** The arguments after a route's name: the input (with a transport's own options), optional when nothing is required. */
export type RouteArgs<N extends RouteName, Options = unknown> =
  Partial<RouteInput<N>> extends RouteInput<N> ? [call?: RouteInput<N> & Options] : [call: RouteInput<N> & Options];

/** A success answer without a schema, by how it is read. */
type FileAnswer<N extends RouteName> = { json: unknown; text: string; blob: WebBlob; none: null }[Line<N>['answer']];

type Answers<N extends RouteName> = Entry<N>['answers'];
type SuccessStatus<N extends RouteName> = Extract<keyof Answers<N>, 200 | 201 | 202 | 203 | 204 | 205 | 206>;

type AnswerBody<N extends RouteName, A> = A extends { schema: infer S extends ZodType } ? z.output<S> : FileAnswer<N>;

/**
 * What route N answers on success: its 2xx answers' schemas (a union where it has two), a string for text (CSV), a
 * Blob for a file (PDF), null for nothing. An entry typed only as ApiRoute says no more than unknown.
 */
export type AnswerOf<N extends RouteName> = N extends RouteName
  ? number extends keyof Answers<N>
    ? unknown
    : [SuccessStatus<N>] extends [never]
      ? null
      : { [S in SuccessStatus<N>]: AnswerBody<N, Answers<N>[S]> }[SuccessStatus<N>]
  : never;

/** The routes whose success answer is a file (a PDF, a CSV, a JSON file): what a download asks for. */
export type FileRouteName = {
  [N in RouteName]: Answers<N>[SuccessStatus<N>] extends { contentType: string } ? N : never;
}[RouteName];

/** One call of a route, ready for fetch: the transport adds its headers (token, Accept) and sends it. */
export interface RouteRequest {
  method: RouteMethod;
  /** The path with its parameters encoded, and the query string. */
  url: string;
  /** JSON text or the multipart form as given; absent when the call sends none. */
  body?: string | WebFormData;
  /** The body is JSON: the transport sends `Content-Type: application/json` (a form sets its own). */
  json: boolean;
  /** How the success answer is read (readAnswer). */
  answer: AnswerKind;
}

/** The query string of `query` as a form would encode it ('?a=1&b=x+y'), '' when every field is left out. */
function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  const fields = Object.entries(query ?? {}).flatMap(([name, value]) =>
    value === null || value === undefined ? [] : [`${formEncode(name)}=${formEncode(String(value))}`],
  );
  return fields.length === 0 ? '' : `?${fields.join('&')}`;
}

/**
 * application/x-www-form-urlencoded, as URLSearchParams writes it (a space is '+'): written out because libs/contracts
 * compiles without the DOM's or Node's globals, so URLSearchParams is not there to call.
 */
function formEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** What a call's URL is made of: the path's parameters and the query. */
type UrlInput<N extends RouteName> = N extends RouteName ? ParamsPart<N> & QueryPart<N> : never;
type UrlArgs<N extends RouteName> =
  Partial<UrlInput<N>> extends UrlInput<N> ? [call?: UrlInput<N>] : [call: UrlInput<N>];

/** A call's input as the run time reads it, whatever the route. */
interface AnyInput {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
}

/** The URL of a call of route `name`: its path with each `{param}` encoded, then the query string. */
export function routeUrl<N extends RouteName>(name: N, ...[call]: UrlArgs<N>): string {
  return urlOf(name, call ?? {});
}

/** A call of route `name` as logs and test stubs name it: its method and URL ('PUT /api/orders/cancel-request/12'). */
export function routeKey<N extends RouteName>(name: N, ...[call]: UrlArgs<N>): string {
  return `${ROUTE_LINES[name].method} ${urlOf(name, call ?? {})}`;
}

function urlOf(name: RouteName, call: AnyInput): string {
  const path = ROUTE_LINES[name].path.replace(/\{(\w+)\}/g, (_segment, param: string) => {
    const value = call.params?.[param];
    if (value === undefined) throw new Error(`${name}: the path parameter '${param}' is missing`);
    return encodeURIComponent(String(value));
  });
  return path + queryString(call.query);
}

/** The request of one call of route `name` with its typed input. */
export function routeRequest<N extends RouteName>(name: N, ...[call]: RouteArgs<N>): RouteRequest {
  const line: { method: RouteMethod; body: string; answer: AnswerKind } = ROUTE_LINES[name];
  const input: AnyInput = call ?? {};
  const request: RouteRequest = { method: line.method, url: urlOf(name, input), json: false, answer: line.answer };
  if (input.body === undefined) return request;
  if (line.body === 'multipart') return { ...request, body: input.body as WebFormData };
  return { ...request, body: JSON.stringify(input.body), json: true };
}

/** The parts of a fetch Response that reading an answer needs. */
export interface AnswerResponse {
  status: number;
  text(): Promise<string>;
  blob(): Promise<WebBlob>;
}

/** Reads the success answer of route `name` as its entry says: parsed JSON, text, a Blob, or null. */
export async function readAnswer<N extends RouteName>(name: N, response: AnswerResponse): Promise<AnswerOf<N>> {
  return (await readByKind(ROUTE_LINES[name].answer, response)) as AnswerOf<N>;
}

async function readByKind(kind: AnswerKind, response: AnswerResponse): Promise<unknown> {
  if (kind === 'none' || response.status === 204) return null;
  if (kind === 'blob') return response.blob();
  const text = await response.text();
  if (kind === 'text') return text;
  // Some routes answer their JSON body or nothing at all (an empty 200).
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/**
 * Which GET, PUT, ... route serves `pathname`, as the API's router picks it: a fixed segment wins over a parameter
 * ('/api/products/suggestions' is productSuggestions, not productById). Null for none.
 */
export function routeAt(method: string, pathname: string): RouteName | null {
  const segments = pathname.split('/');
  let best: { name: RouteName; fixed: boolean[] } | null = null;
  for (const name of Object.keys(ROUTE_LINES) as RouteName[]) {
    const line: { method: RouteMethod; path: string } = ROUTE_LINES[name];
    if (line.method !== method) continue;
    const pattern = line.path.split('/');
    if (pattern.length !== segments.length) continue;
    const fixed = pattern.map((part) => !part.startsWith('{'));
    if (!pattern.every((part, index) => !fixed[index] || part === segments[index])) continue;
    if (fixed.some((isFixed, index) => !isFixed && segments[index] === '')) continue;
    if (!best || outranks(fixed, best.fixed)) best = { name, fixed };
  }
  return best?.name ?? null;
}

/** The route a request goes to by its method and URL (the query string aside), or null for none. */
export function routeOf(method: string, url: string): RouteName | null {
  return routeAt(method, url.split(/[?#]/, 1)[0] ?? '');
}

/** The first segment where two matching paths differ decides: fixed beats a parameter. */
function outranks(fixed: boolean[], other: boolean[]): boolean {
  const index = fixed.findIndex((isFixed, at) => isFixed !== other[at]);
  return index !== -1 && fixed[index] === true;
}

/** The path parameters of `pathname` as route `name` reads them (decoded), or null when it is not that route's. */
export function routeParams(name: RouteName, pathname: string): Record<string, string> | null {
  const pattern: string[] = ROUTE_LINES[name].path.split('/');
  const segments = pathname.split('/');
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] ?? '';
    if (!part.startsWith('{')) {
      if (part !== segment) return null;
    } else {
      const value = decoded(segment);
      if (!value) return null;
      params[part.slice(1, -1)] = value;
    }
  }
  return params;
}

/** A path segment decoded, or null when it is empty or not valid percent-encoding. */
function decoded(segment: string): string | null {
  try {
    return segment === '' ? null : decodeURIComponent(segment);
  } catch {
    return null;
  }
}
