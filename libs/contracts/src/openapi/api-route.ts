import type { ZodType } from 'zod';
import type { RouteTag } from './route-tags.js';

/**
 * Who may call a route: anyone, a verified Firebase identity without an account yet, a signed-in user, an admin, or
 * a participant of the ONDC network whose Authorization header verifies against its key in ONDC's registry (the
 * route checks it itself, and answers in ONDC's ACK/NACK bodies rather than the API's error shape: docs/ondc.md).
 */
export type RouteAccess = 'public' | 'identity' | 'user' | 'admin' | 'network';

/**
 * The limits a route may take instead of the default one, by name; the API's rate-limit guard says each one's rules
 * (apps/api/src/rate-limit/rate-limits.ts: the per-user write limits of libs/domain's WRITE_RATE_LIMITS, the account
 * look-ups, password reset and verification mails, the contact form).
 */
export const RATE_LIMIT_NAMES = [
  'orders',
  'productPosts',
  'productEdits',
  'imageUploads',
  'addressWrites',
  'cartAdds',
  'sellerProfileWrites',
  'accountLookup',
  'passwordReset',
  'sendVerification',
  'contact',
] as const;

/** One of {@link RATE_LIMIT_NAMES}. */
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

/** The HTTP methods the API serves. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One answer of a route: its schema (JSON unless `contentType` says otherwise) and what it means. */
export interface RouteAnswer {
  description: string;
  /** The JSON body; absent for a redirect or a file. */
  schema?: ZodType;
  /** A non-JSON body, e.g. 'application/pdf' or 'text/html'. */
  contentType?: string;
  /** Response headers worth knowing, name -> meaning. */
  headers?: Readonly<Record<string, string>>;
}

/** A multipart form: its text fields (a zod object) and its file fields with how many files each takes. */
export interface RouteMultipart {
  fields?: ZodType;
  files: Readonly<Record<string, { maxFiles: number; maxBytes: number }>>;
}

/**
 * One route of the API, as the registry describes it: the single source of the OpenAPI document and of the fuzz
 * pass. `path` is OpenAPI style with the /api prefix ('/api/cart/{uid}').
 */
export interface ApiRoute {
  method: RouteMethod;
  path: string;
  /** Groups routes in the reference (e.g. 'Catalog'; ROUTE_TAGS says what each group is). */
  tag: RouteTag;
  summary: string;
  access: RouteAccess;
  /**
   * How the rate-limit guard counts the route. Left out: a public route by the per-address public limit
   * (RATE_LIMIT_PUBLIC_PER_MINUTE), any other not at all. A name: that limit instead (per-user writes, account
   * look-ups). 'exempt': a public route never counted (the health check, PIN codes, the webhook, metrics).
   */
  rateLimit?: 'exempt' | RateLimitName;
  params?: ZodType;
  query?: ZodType;
  headers?: ZodType;
  body?: ZodType;
  /**
   * The JSON body may be left out altogether (read as `{}`): only where the spec sends none (the admin's cancel) or
   * every field is implied by the path. Otherwise a JSON route refuses a request without a body.
   */
  bodyOptional?: true;
  multipart?: RouteMultipart;
  /** Success answers by status. */
  answers: Readonly<Record<number, RouteAnswer>>;
  /** Error statuses this route answers besides those its access and inputs imply (400, 401, 403, 429). */
  errors: readonly number[];
}

/** What a route's request body is: a JSON object of its schema (which may be left out), a multipart form, or nothing. */
export type BodyKind = 'json' | 'json-or-none' | 'multipart' | 'none';

/** The body a route takes, by what the registry declares for it. */
export function bodyKindOf(route: Pick<ApiRoute, 'body' | 'bodyOptional' | 'multipart'>): BodyKind {
  if (route.body) return route.bodyOptional ? 'json-or-none' : 'json';
  return route.multipart ? 'multipart' : 'none';
}

/** The limit a route is counted by: its own, 'public' (the per-address default of public routes), or none. */
export function routeRateLimit(route: Pick<ApiRoute, 'access' | 'rateLimit'>): RateLimitName | 'public' | null {
  if (route.rateLimit === 'exempt') return null;
  return route.rateLimit ?? (route.access === 'public' ? 'public' : null);
}

/**
 * Whether a registry path is one of those served outside the /api prefix, at the path as it is: the ONDC network's
 * calls at Mandi's subscriber URL PUBLIC_URL/ondc, and the registry's site verification page at the root (ONDC
 * fixes both; docs/ondc.md). Every other path starts with /api.
 */
export function outsideApiPrefix(path: string): boolean {
  return path.startsWith('/ondc/') || path === '/ondc-site-verification.html';
}

/** Every error status a route can answer: the ones named, plus those its inputs, access and rate limit imply. */
export function routeErrorStatuses(route: ApiRoute): number[] {
  const statuses = new Set(route.errors);
  // A network call's refusals are ONDC's NACK bodies, each declared among its answers.
  if (route.access === 'network') return [...statuses].sort((a, b) => a - b);
  if (route.params || route.query || route.headers || route.body || route.multipart) statuses.add(400);
  if (route.access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (routeRateLimit(route)) statuses.add(429);
  // A body of another content type than the route's is refused unread (apps/api/src/common/body-rule.ts).
  statuses.add(415);
  if (route.multipart) {
    // A form without Content-Length (411) or past the total cap (413) is refused before it is read.
    statuses.add(411);
    statuses.add(413);
  }
  return [...statuses].sort((a, b) => a - b);
}
