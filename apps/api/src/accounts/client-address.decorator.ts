import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Longest text address the users and signups tables keep (an IPv6 address with an embedded IPv4 one). */
const ADDRESS_MAX = 45;

/**
 * The address a request came from, as the server sees it: the peer's address, or with TRUST_PROXY set the client
 * named by the load balancer's X-Forwarded-For. Never a value the client puts in the body.
 */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  context.switchToHttp().getRequest<FastifyRequest>().ip.slice(0, ADDRESS_MAX),
);
