import { z, type ZodType } from 'zod';
import { errorBodySchema } from '../common/error-body.schema.js';
import { STATUS_CODES_TEXT } from './status-texts.js';
import { routeErrorStatuses, routeRateLimit, type ApiRoute, type RouteAccess } from './api-route.js';
import { API_ROUTES } from './api-routes.js';
import { ROUTE_TAGS } from './route-tags.js';

/** A JSON Schema object as z.toJSONSchema writes it. */
type JsonSchema = Record<string, unknown>;

/** What `buildOpenApiDocument` needs to know about the deployment. */
export interface OpenApiInfo {
  version: string;
  /** The public origin, e.g. 'https://mandi.example.in'; the document's paths carry /api themselves. */
  serverUrl?: string;
}

const ACCESS_TEXT: Record<RouteAccess, string> = {
  public: 'Public: anyone may call it.',
  identity: 'A verified Firebase ID token, before the account exists.',
  user: 'A signed-in, active user; ids named in the call must be their own unless they are an admin.',
  admin: 'An admin (the role stored in our database).',
  network:
    "A participant of the ONDC network: ONDC's Authorization header, verified against the sender's key in ONDC's " +
    'registry. Answers are Beckn ACK/NACK bodies (docs/ondc.md).',
};

/** How a route's caller proves who it is, by its access. */
function securityOf(access: RouteAccess): JsonSchema[] {
  if (access === 'public') return [];
  return access === 'network' ? [{ ondcSignature: [] }] : [{ firebaseIdToken: [] }];
}

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): requests as the API reads them (before transforms),
 * answers as it writes them. Anything JSON Schema cannot say (a refine) is left open rather than refused.
 */
export function toJsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The query, path or header parameters of one zod object. */
function parameters(schema: ZodType | undefined, where: 'path' | 'query' | 'header'): JsonSchema[] {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBody(route: ApiRoute): JsonSchema | undefined {
  if (route.multipart) {
    const fields = route.multipart.fields
      ? toJsonSchema(route.multipart.fields, 'input')
      : { type: 'object', properties: {} };
    const properties = { ...(fields.properties as JsonSchema) };
    for (const [name, file] of Object.entries(route.multipart.files)) {
      const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
      properties[name] =
        file.maxFiles === 1
          ? { ...binary, description: `At most ${file.maxBytes} bytes` }
          : {
              type: 'array',
              items: binary,
              maxItems: file.maxFiles,
              description: `Each at most ${file.maxBytes} bytes`,
            };
    }
    return { required: true, content: { 'multipart/form-data': { schema: { ...fields, properties } } } };
  }
  if (!route.body) return undefined;
  return {
    required: !route.bodyOptional,
    content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
  };
}

function responses(route: ApiRoute): JsonSchema {
  const answers: JsonSchema = {};
  for (const [status, answer] of Object.entries(route.answers)) {
    const headers = answer.headers
      ? Object.fromEntries(
          Object.entries(answer.headers).map(([name, description]) => [
            name,
            { description, schema: { type: 'string' } },
          ]),
        )
      : undefined;
    const content = answer.schema
      ? { 'application/json': { schema: toJsonSchema(answer.schema, 'output') } }
      : answer.contentType
        ? { [answer.contentType]: {} }
        : undefined;
    answers[status] = {
      description: answer.description,
      ...(headers ? { headers } : {}),
      ...(content ? { content } : {}),
    };
  }
  for (const status of routeErrorStatuses(route)) {
    answers[String(status)] = { $ref: `#/components/responses/Error${status}` };
  }
  return answers;
}

/** An operation id from method and path, e.g. 'get_api_cart_uid'. */
export function operationId(route: Pick<ApiRoute, 'method' | 'path'>): string {
  return `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`.replace(/_+$/, '');
}

function operation(route: ApiRoute): JsonSchema {
  const body = requestBody(route);
  const rateLimit = routeRateLimit(route);
  return {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    description:
      ACCESS_TEXT[route.access] + (rateLimit ? ' Limited per client: 429 with Retry-After past the limit.' : ''),
    'x-mandi-access': route.access,
    // Which limit counts the route: 'public' (per client address) or a limit of its own, by name.
    ...(rateLimit ? { 'x-mandi-rate-limit': rateLimit } : {}),
    security: securityOf(route.access),
    parameters: [
      ...parameters(route.params, 'path'),
      ...parameters(route.query, 'query'),
      ...parameters(route.headers, 'header'),
    ],
    ...(body ? { requestBody: body } : {}),
    responses: responses(route),
  };
}

/** Every error status any route answers, each a response of the one error shape. */
function errorResponses(routes: readonly ApiRoute[]): JsonSchema {
  const statuses = [...new Set(routes.flatMap(routeErrorStatuses))].sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => [
      `Error${status}`,
      {
        description: STATUS_CODES_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of every route in `routes` (by default the whole API), built from their zod contracts. */
export function buildOpenApiDocument(info: OpenApiInfo, routes: readonly ApiRoute[] = API_ROUTES): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mandi API',
      version: info.version,
      description:
        'The marketplace API. Every error answers {statusCode, error, message} (fields for bad input, details for ' +
        'conflicts). Money is in rupees with two decimals.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name, description: ROUTE_TAGS[name] })),
    paths,
    components: {
      schemas: { ErrorBody: toJsonSchema(errorBodySchema, 'output') },
      responses: errorResponses(routes),
      securitySchemes: {
        firebaseIdToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A Firebase Authentication ID token of the signed-in user.',
        },
        ondcSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'Signature keyId="<subscriber id>|<unique key id>|ed25519",algorithm="ed25519",created,expires,' +
            'headers="(created) (expires) digest",signature: ed25519 over the BLAKE2b-512 digest of the exact body.',
        },
      },
    },
  };
}
