import {
  deadJobIdParamsSchema,
  deadJobListSchema,
  deadJobRetryAnswerSchema,
  deadJobsQuerySchema,
} from '../../admin/dead-jobs.schema.js';
import type { ApiRoute } from '../api-route.js';

/* The console's Dead jobs tab: jobs that used up their attempts, and an admin's retry of one. */

export const deadJobs = {
  method: 'GET',
  path: '/api/admin/jobs/dead',
  tag: 'Admin',
  summary: 'Jobs that used up their attempts, with their error and event, the most recent death first, paged',
  access: 'admin',
  query: deadJobsQuerySchema,
  answers: {
    200: {
      description: 'A page of dead jobs',
      schema: deadJobListSchema,
      headers: { 'X-Total-Count': 'How many jobs are dead' },
    },
  },
  errors: [],
} satisfies ApiRoute;

export const retryDeadJob = {
  method: 'POST',
  path: '/api/admin/jobs/dead/{id}/retry',
  tag: 'Admin',
  summary: "Asks the worker to run a dead job again with all its attempts (within its reconciler's next pass)",
  access: 'admin',
  params: deadJobIdParamsSchema,
  answers: { 202: { description: 'Retry queued: the job as it is now', schema: deadJobRetryAnswerSchema } },
  // 404: no dead job with this id (retried already, or never dead); 409: a job this version no longer runs.
  errors: [404, 409],
} satisfies ApiRoute;
