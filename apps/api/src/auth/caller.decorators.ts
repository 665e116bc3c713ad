import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Caller, Identity } from './caller.js';

// Who may call a route is its registry entry's `access` (libs/contracts), which the access guard reads; these hand a
// handler who the guard found.

/** The signed-in caller of a 'user' or 'admin' route. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller => context.switchToHttp().getRequest<FastifyRequest>().caller!,
);

/** The verified identity of an 'identity' route (and of any signed-in one). */
export const CurrentIdentity = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Identity =>
    context.switchToHttp().getRequest<FastifyRequest>().identity!,
);
