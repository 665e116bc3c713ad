import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  deadJobIdParamsSchema,
  deadJobsQuerySchema,
  type DeadJobIdParams,
  type DeadJobList,
  type DeadJobRetryAnswer,
  type DeadJobsQuery,
} from '@mandi/contracts';
import { AdminOnly, CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { AdminJobsService } from './admin-jobs.service.js';

/** The console's Dead jobs tab under /api/admin/jobs/dead. */
@Controller('admin/jobs')
@AdminOnly()
export class AdminJobsController {
  constructor(private readonly jobs: AdminJobsService) {}

  /** ?page= &perPage=; the most recent death first; X-Total-Count says how many jobs are dead. */
  @Get('dead')
  async listDead(
    @Query(new ZodPipe(deadJobsQuerySchema)) query: DeadJobsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeadJobList> {
    const { jobs, total } = await this.jobs.listDead(query);
    void reply.header('X-Total-Count', String(total));
    return jobs;
  }

  /** 202 {message, job}: the worker's reconciler runs it again within 10 s; 404 when the job is not dead (any more). */
  @Post('dead/:id/retry')
  @HttpCode(202)
  retry(
    @CurrentCaller() admin: Caller,
    @Param(new ZodPipe(deadJobIdParamsSchema)) params: DeadJobIdParams,
  ): Promise<DeadJobRetryAnswer> {
    return this.jobs.retry(admin, params.id);
  }
}
