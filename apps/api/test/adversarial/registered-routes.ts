import 'reflect-metadata';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { RouteAccess } from '@mandi/contracts';
import { AppModule } from '../../src/app.module.js';
import { ACCESS_KEY } from '../../src/auth/access.decorators.js';
import { RATE_LIMIT_KEY } from '../../src/rate-limit/rate-limit.decorator.js';

/** A route as Nest registers it, read from the controllers' decorators: what the access and rate-limit guards read. */
export interface RegisteredRoute {
  method: string;
  /** OpenAPI style, with the /api prefix: '/api/cart/{uid}'. */
  path: string;
  access: RouteAccess;
  rateLimited: boolean;
}

/** The global prefix create-app.ts sets. */
const PREFIX = 'api';

/** Every controller route of the API's module tree (AppModule and everything it imports, dynamic modules too). */
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
      const access = (Reflect.getMetadata(ACCESS_KEY, handler) ??
        Reflect.getMetadata(ACCESS_KEY, controller) ??
        'user') as RouteAccess;
      const limit = Reflect.getMetadata(RATE_LIMIT_KEY, handler) ?? Reflect.getMetadata(RATE_LIMIT_KEY, controller);
      // The rate-limit guard's rule: a route's own limits, none when exempt, else the public limit on public routes.
      const rateLimited = limit === false ? false : limit !== undefined || access === 'public';
      for (const prefix of base) {
        for (const path of [own].flat()) {
          routes.push({ method, path: openApiPath([PREFIX, prefix, path]), access, rateLimited });
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
