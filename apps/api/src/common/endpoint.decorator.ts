import 'reflect-metadata';
import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata, UsePipes } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/internal';
import { outsideApiPrefix, type ApiRoute } from '@mandi/contracts';
import { RouteInputPipe } from './route-input.pipe.js';

/** Where @Endpoint keeps a handler's registry entry: what the access, rate-limit and body-rule guards read. */
export const ROUTE_ENTRY_KEY = 'mandi:route';

/** The global prefix create-app.ts sets, which every registry path starts with. */
const PREFIX = '/api';

/** The inputs a handler may read, by Nest's argument type, with the entry's part that declares each. */
const INPUTS = new Map<RouteParamtypes, { decorator: string; part: 'body' | 'query' | 'params' }>([
  [RouteParamtypes.BODY, { decorator: '@Body', part: 'body' }],
  [RouteParamtypes.QUERY, { decorator: '@Query', part: 'query' }],
  [RouteParamtypes.PARAM, { decorator: '@Param', part: 'params' }],
]);

/**
 * Mounts a controller method as the route of its registry entry (libs/contracts/src/openapi/routes/), the only place a
 * route is declared: the method and path (the controller has no prefix of its own), the entry as route metadata (the
 * access guard reads `access`, the rate-limit guard `rateLimit`, the body rule the body's kind), validation of the
 * handler's `@Body()`, `@Param()` and `@Query()` by the entry's schemas (RouteInputPipe), and the success status when
 * the entry answers one (a route with two, such as 201 or 200, sets it in the handler).
 *
 *     @Endpoint(addToCart)
 *     add(@Body() body: CartProductBody, @CurrentCaller() caller: Caller): Promise<MessageAnswer> { ... }
 */
export function Endpoint(route: ApiRoute): MethodDecorator {
  const successes = Object.keys(route.answers)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return applyDecorators(
    RequestMapping({ method: RequestMethod[route.method], path: nestPath(route.path) }),
    SetMetadata(ROUTE_ENTRY_KEY, route),
    UsePipes(new RouteInputPipe(route)),
    ...(successes.length === 1 ? [HttpCode(successes[0]!)] : []),
    inputsDeclared(route),
  );
}

/** The registry entry a handler is mounted through, or undefined for a handler mounted otherwise. */
export function routeEntryOf(handler: object): ApiRoute | undefined {
  return Reflect.getMetadata(ROUTE_ENTRY_KEY, handler) as ApiRoute | undefined;
}

/**
 * The registry's '/api/cart/{uid}' as a Nest path under the global prefix: 'cart/:uid'. A path the registry serves
 * outside the prefix (the ONDC network's '/ondc/search', which create-app.ts excludes from it) stays where it is.
 */
export function nestPath(path: string): string {
  const outside = outsideApiPrefix(path);
  if (!outside && path !== PREFIX && !path.startsWith(`${PREFIX}/`)) throw new Error(`${path} is not under ${PREFIX}`);
  return path.slice(outside ? 1 : PREFIX.length + 1).replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Refuses, when the controller is loaded, a handler that reads an input its entry declares no schema for, reads one
 * field of it (`@Param('id')`: the entry validates the whole), or brings a pipe of its own: no input reaches a handler
 * unvalidated, or validated by anything but the entry. Parameter decorators run before method decorators, so the
 * handler's arguments are known here.
 */
function inputsDeclared(route: ApiRoute): MethodDecorator {
  return (target, key) => {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, key) ?? {}) as Record<
      string,
      { data?: unknown; pipes?: unknown[] }
    >;
    for (const [argKey, arg] of Object.entries(args)) {
      const input = INPUTS.get(Number(argKey.split(':')[0]) as RouteParamtypes);
      if (!input) continue;
      const where = `${target.constructor.name}.${String(key)} (${route.method} ${route.path})`;
      if (!route[input.part])
        throw new Error(`${where} reads ${input.decorator}() but its entry declares no ${input.part}`);
      if (arg.data !== undefined || (arg.pipes?.length ?? 0) > 0)
        throw new Error(`${where}: ${input.decorator}() takes the whole input, validated by the entry, and no pipe`);
    }
  };
}
