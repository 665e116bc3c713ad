import 'reflect-metadata';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/internal';
import { outsideApiPrefix, type ApiRoute } from '@mandi/contracts';
import { AppModule } from '../../src/app.module.js';
import { routeEntryOf } from '../../src/common/endpoint.decorator.js';

/** A controller handler as Nest mounts it, read from the controllers' decorators, with the entry it is mounted through. */
export interface RegisteredRoute {
  /** 'CartController.add'. */
  handler: string;
  method: string;
  /** OpenAPI style, with the /api prefix: '/api/cart/{uid}'. */
  path: string;
  /** The registry entry @Endpoint mounted it with (what the guards and the input pipe read); none when mounted otherwise. */
  route: ApiRoute | undefined;
  /** The inputs the handler reads, and so the input pipe validates: 'body' (@Body()), 'params', 'query'. */
  reads: string[];
}

/** The input each of Nest's argument decorators reads, by the part of an entry that declares it. */
const INPUT_OF: Partial<Record<RouteParamtypes, string>> = {
  [RouteParamtypes.BODY]: 'body',
  [RouteParamtypes.PARAM]: 'params',
  [RouteParamtypes.QUERY]: 'query',
};

/** The global prefix create-app.ts sets. */
const PREFIX = 'api';

/** Every controller handler of the API's module tree (AppModule and everything it imports, dynamic modules too). */
export function registeredRoutes(): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const controller of controllersOf(AppModule)) {
    const base = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat();
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const own = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (own === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const args = Object.keys((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as object);
      const reads = args.flatMap((arg) => INPUT_OF[Number(arg.split(':')[0]) as RouteParamtypes] ?? []).sort();
      for (const prefix of base) {
        for (const path of [own].flat()) {
          routes.push({
            handler: `${controller.name}.${name}`,
            method,
            path: openApiPath([outsideApiPrefix(openApiPath([prefix, path])) ? '' : PREFIX, prefix, path]),
            route: routeEntryOf(handler),
            reads,
          });
        }
      }
    }
  }
  return routes;
}

function openApiPath(parts: string[]): string {
  const segments = parts.flatMap((part) => part.split('/')).filter((segment) => segment !== '');
  return '/' + segments.map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment)).join('/');
}

function controllersOf(root: Type): Type[] {
  const seen = new Set<unknown>();
  const controllers = new Set<Type>();
  const visit = (entry: unknown) => {
    if (!entry || seen.has(entry)) return;
    seen.add(entry);
    if (typeof entry === 'function') {
      for (const controller of (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, entry) ?? []) as Type[])
        controllers.add(controller);
      for (const imported of (Reflect.getMetadata(MODULE_METADATA.IMPORTS, entry) ?? []) as unknown[]) visit(imported);
      return;
    }
    // A dynamic module ({ module, controllers, imports }) or a forwardRef.
    const dynamic = entry as { module?: Type; controllers?: Type[]; imports?: unknown[]; forwardRef?: () => unknown };
    if (dynamic.forwardRef) return visit(dynamic.forwardRef());
    for (const controller of dynamic.controllers ?? []) controllers.add(controller);
    for (const imported of dynamic.imports ?? []) visit(imported);
    if (dynamic.module) visit(dynamic.module);
  };
  visit(root);
  return [...controllers];
}
