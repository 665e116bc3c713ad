import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { QueuesSessionAnswer } from '@mandi/contracts';
import { AdminOnly, CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { QueuesDashboard } from './queues-dashboard.service.js';

/** POST /api/admin/queues-session: the console's 'Queues' link asks for the dashboard's cookie with the admin's token. */
@Controller('admin')
@AdminOnly()
export class QueuesSessionController {
  constructor(private readonly dashboard: QueuesDashboard) {}

  /** Sets the short-lived session cookie of /adminpanel/queues and answers where to go. */
  @Post('queues-session')
  @HttpCode(200)
  open(@CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): QueuesSessionAnswer {
    const session = this.dashboard.issue(caller);
    void reply.header('set-cookie', session.cookie).header('cache-control', 'no-store');
    return { url: session.url, expiresAt: session.expiresAt };
  }
}
