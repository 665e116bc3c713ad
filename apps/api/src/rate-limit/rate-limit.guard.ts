import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { routeRateLimit } from '@mandi/contracts';
import { ACCESS_MESSAGES, DomainError } from '@mandi/domain';
import { routeEntryOf } from '../common/endpoint.decorator.js';
import { PerRoute } from '../common/per-route.js';
import { REDIS } from '../redis/redis.module.js';
import type { RateLimitRule } from './rate-limit.rule.js';
import { RATE_LIMIT_RULES } from './rate-limits.js';
import { RateLimitStore } from './rate-limit.store.js';

/**
 * Limits requests by the `rateLimit` of the route's registry entry (@Endpoint): every public route per client address
 * (RATE_LIMIT_PUBLIC_PER_MINUTE) unless 'exempt', and a route that names a limit of its own by that limit's rules
 * (rate-limits.ts): signed-in writes count per caller, after the access guard has loaded the caller. Other signed-in
 * routes are gated by the ID token and suspension.
 * A request over the limit gets 429 with Retry-After; the counters live in Redis, shared by all replicas.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly store: RateLimitStore;
  private readonly publicRule: RateLimitRule;
  /** A route's rules: its named limit's, the public limit on a public route, none when exempt or signed in. */
  private readonly rules = new PerRoute<readonly RateLimitRule[]>((context) => {
    const route = routeEntryOf(context.getHandler());
    const limit = route ? routeRateLimit(route) : null;
    return limit === null ? [] : limit === 'public' ? [this.publicRule] : RATE_LIMIT_RULES[limit];
  });

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.store = new RateLimitStore(redis, config.REDIS_PREFIX);
    this.publicRule = { name: 'public', limit: config.RATE_LIMIT_PUBLIC_PER_MINUTE, windowMs: 60_000 };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.rules.of(context);
    if (rules.length === 0) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    for (const rule of rules) await this.count(rule, request, reply);
    return true;
  }

  private async count(rule: RateLimitRule, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = rule.key ? rule.key(request) : request.ip;
    if (key === null) return;

    const { hits, resetInMs } = await this.store.hit(`${rule.name}:${key}`, rule.windowMs);
    void reply.header('ratelimit-limit', rule.limit);
    void reply.header('ratelimit-remaining', Math.max(0, rule.limit - hits));
    if (hits > rule.limit) {
      void reply.header('retry-after', Math.ceil(resetInMs / 1000));
      throw new DomainError('rate_limited', rule.message ?? ACCESS_MESSAGES.tooManyRequests);
    }
  }
}
