import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { QueuesSessionAnswer } from '@mandi/contracts';
import { AdminOnly, CurrentCaller, CurrentIdentity } from '../auth/access.decorators.js';
import type { Caller, Identity } from '../auth/caller.js';
import { QueuesDashboard } from './queues-dashboard.service.js';

/** POST /api/admin/queues-session: the console's 'Queues' link asks for the dashboard's cookie with the admin's token. */
@Controller('admin')
@AdminOnly()
export class QueuesSessionController {
  constructor(private readonly dashboard: QueuesDashboard) {}

  /** Sets the session cookie of /adminpanel/queues (it ends 8 hours after the admin signed in) and answers where to go. */
  @Post('queues-session')
  @HttpCode(200)
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
