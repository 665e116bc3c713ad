import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Caller, Identity } from './caller.js';

/** How a route is reached: by anyone, by a verified Firebase identity without a user row yet, by users, by admins. */
export type Access = 'public' | 'identity' | 'user' | 'admin';
export const ACCESS_KEY = 'mandi:access';

/** Anyone may call this route (it is rate limited per address). */
export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
/** A verified Firebase token is enough: used while an account is being created. */
export const IdentityOnly = () => SetMetadata(ACCESS_KEY, 'identity' satisfies Access);
/** Only admins (role read from our database, never from the client). */
export const AdminOnly = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);

/** The signed-in caller of a 'user' or 'admin' route. */
export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller => context.switchToHttp().getRequest<FastifyRequest>().caller!,
);

/** The verified identity of an 'identity' route. */
export const CurrentIdentity = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Identity =>
    context.switchToHttp().getRequest<FastifyRequest>().identity!,
);
