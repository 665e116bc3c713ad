import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { queuesSession, type QueuesSessionAnswer } from '@mandi/contracts';
import { CurrentCaller, CurrentIdentity } from '../auth/caller.decorators.js';
import type { Caller, Identity } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { QueuesDashboard } from './queues-dashboard.service.js';

/**
 * POST /api/admin/queues-session: the console's 'Queues' link asks for the dashboard's cookie with the admin's token.
 * The dashboard itself (bull-board at /adminpanel/queues, queues-dashboard.routes.ts) is no API route: pages behind
 * this cookie, outside /api and the registry.
 */
@Controller()
export class QueuesSessionController {
  constructor(private readonly dashboard: QueuesDashboard) {}

  /** Sets the session cookie of /adminpanel/queues (it ends 8 hours after the admin signed in) and answers where to go. */
  @Endpoint(queuesSession)
  open(
    @CurrentCaller() caller: Caller,
    @CurrentIdentity() identity: Identity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): QueuesSessionAnswer {
    const session = this.dashboard.issue(caller, identity);
    void reply.header('set-cookie', session.cookie).header('cache-control', 'no-store');
    return { url: session.url, expiresAt: session.expiresAt };
  }
}
