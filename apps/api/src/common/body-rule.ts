import { Injectable, UnsupportedMediaTypeException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { BODY_MESSAGES, bodyKindOf, inputProblem, type ApiRoute, type BodyKind } from '@mandi/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { routeEntryOf } from './endpoint.decorator.js';
import { PerRoute } from './per-route.js';
import { inputRefusal, parseOrRefuse } from './route-input.pipe.js';

/**
 * The one body rule of the API (docs/security.md, "Request bodies"), for every route of the registry. A global guard,
 * after the access and rate-limit guards (a stranger still gets 401 whatever they send), before any pipe or handler:
 * - a route with a JSON body takes `application/json` (UTF-8) only, and its body must be a JSON object: `null`, an
 *   array, a number, a string or a boolean is a 400, another content type a 415; no body at all (unless the registry
 *   says it may be left out) is the schema's own 400 for an empty object (the spec's "Please provide a reason for
 *   cancellation."), or "Request body must be a JSON object." where the schema would take one;
 * - a route with a form takes `multipart/form-data` only (415 otherwise; the route reads the form itself);
 * - a route without a body accepts none or JSON (ignored), and refuses a body of another type with 415;
 * - any text in a JSON body is well-formed Unicode, free of NUL characters and nested at most INPUT_LIMITS.depthMax
 *   levels (inputProblem), so nothing stored or rendered carries a lone surrogate.
 * The route's body is read from the registry entry its handler is mounted through (@Endpoint).
 */
@Injectable()
export class BodyRuleGuard implements CanActivate {
  /** A route's body, from its registry entry; none for a handler mounted without one (there is none). */
  private readonly bodies = new PerRoute<(RouteBody & { method: string }) | undefined>((context) => {
    const route = routeEntryOf(context.getHandler());
    return route && routeBody(route);
  });

  canActivate(context: ExecutionContext): boolean {
    const body = this.bodies.of(context);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // The entry's own method only: the HEAD route Fastify adds beside each GET is not the registry's.
    if (body && request.method === body.method) checkBody(body, request);
    return true;
  }
}

/** What a route's body is: its kind and, for a JSON body, its schema. */
export interface RouteBody {
  kind: BodyKind;
  schema?: ZodType;
}

/** The body a registry entry declares, with the entry's method. */
function routeBody(route: ApiRoute): RouteBody & { method: string } {
  return { method: route.method, kind: bodyKindOf(route), schema: route.body };
}

/** Throws the 415 or 400 of a request whose body does not fit its route. */
export function checkBody({ kind, schema }: RouteBody, request: Pick<FastifyRequest, 'headers' | 'body'>): void {
  const refusal = contentTypeRefusal(kind, request.headers['content-type'], hasBody(request));
  if (refusal) throw new UnsupportedMediaTypeException(refusal);
  if (kind !== 'json' && kind !== 'json-or-none') return;
  const body: unknown = request.body;
  if (body === undefined) {
    if (kind === 'json-or-none') return;
    // Nothing sent: the fields the schema requires are missing, so it says which (with the spec's words).
    parseOrRefuse(schema!, {});
    throw inputRefusal('_', BODY_MESSAGES.notAnObject);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw inputRefusal('_', BODY_MESSAGES.notAnObject);
  const problem = inputProblem(body);
  if (problem) throw inputRefusal(problem.field, problem.message);
}

/** Why a request's content type does not fit its route's body, or null when it does. */
export function contentTypeRefusal(kind: BodyKind, contentType: string | undefined, bodySent: boolean): string | null {
  switch (kind) {
    case 'json':
    case 'json-or-none':
      // No body at all is the shape rule's 400 where the body is required; a body of any other type is a 415.
      if (contentType === undefined && !bodySent) return null;
      return isJson(contentType) ? null : BODY_MESSAGES.jsonOnly;
    case 'multipart':
      return mediaType(contentType) === 'multipart/form-data' ? null : BODY_MESSAGES.multipartOnly;
    case 'none':
      return !bodySent || isJson(contentType) ? null : BODY_MESSAGES.noBodyExpected;
  }
}

/** 'application/json' of 'Application/JSON; charset=utf-8', or null without a content type. */
function mediaType(contentType: string | undefined): string | null {
  if (contentType === undefined) return null;
  return contentType.split(';', 1)[0]!.trim().toLowerCase();
}

/** JSON, which is UTF-8 (RFC 8259 section 8.1): a charset parameter, if given, must say so. */
function isJson(contentType: string | undefined): boolean {
  if (mediaType(contentType) !== 'application/json') return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType!)?.[1]?.toLowerCase();
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/** Whether the request carries a body (HTTP/1.1: a non-zero Content-Length or a Transfer-Encoding). */
function hasBody(request: Pick<FastifyRequest, 'headers'>): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
