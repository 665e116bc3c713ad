import { Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  deadJobs,
  retryDeadJob,
  type DeadJobIdParams,
  type DeadJobList,
  type DeadJobRetryAnswer,
  type DeadJobsQuery,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminJobsService } from './admin-jobs.service.js';

/** The console's Dead jobs tab under /api/admin/jobs/dead. */
@Controller()
export class AdminJobsController {
  constructor(private readonly jobs: AdminJobsService) {}

  /** ?page= &perPage=; the most recent death first; X-Total-Count says how many jobs are dead. */
  @Endpoint(deadJobs)
  async listDead(@Query() query: DeadJobsQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<DeadJobList> {
    const { jobs, total } = await this.jobs.listDead(query);
    void reply.header('X-Total-Count', String(total));
    return jobs;
  }

  /** 202 {message, job}: the worker's reconciler runs it again within 10 s; 404 when the job is not dead (any more). */
  @Endpoint(retryDeadJob)
  retry(@CurrentCaller() admin: Caller, @Param() params: DeadJobIdParams): Promise<DeadJobRetryAnswer> {
    return this.jobs.retry(admin, params.id);
  }
}
