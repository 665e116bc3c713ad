import type { JobDefinitions } from '@mandi/events';
import { JobHandler } from './job.handler.js';

/** A provider found with `@HandlesJob(jobName)`. */
export interface DiscoveredHandler {
  readonly jobName: string;
  readonly className: string;
  readonly instance: unknown;
}

/**
 * Pairs every job of `jobs` with its one handler. Throws, naming every problem at once, when a job
 * has no handler or several, when a handler names a job the registry does not know, or when a handler
 * does not extend JobHandler: the worker must not start half-wired.
 */
export function matchHandlers(
  jobs: JobDefinitions,
  found: readonly DiscoveredHandler[],
): Map<string, JobHandler<unknown>> {
  const problems: string[] = [];
  const byJob = new Map<string, DiscoveredHandler[]>();
  for (const handler of found) {
    if (!Object.hasOwn(jobs, handler.jobName)) {
      problems.push(`${handler.className} handles unknown job '${handler.jobName}'`);
      continue;
    }
    if (!(handler.instance instanceof JobHandler)) {
      problems.push(`${handler.className} handles '${handler.jobName}' but does not extend JobHandler`);
      continue;
    }
    byJob.set(handler.jobName, [...(byJob.get(handler.jobName) ?? []), handler]);
  }
  const handlers = new Map<string, JobHandler<unknown>>();
  for (const jobName of Object.keys(jobs)) {
    const candidates = byJob.get(jobName) ?? [];
    if (candidates.length === 0) problems.push(`job '${jobName}' has no handler`);
    else if (candidates.length > 1) {
      const names = candidates.map((c) => c.className).join(', ');
      problems.push(`job '${jobName}' has ${candidates.length} handlers: ${names}`);
    } else handlers.set(jobName, candidates[0]!.instance as JobHandler<unknown>);
  }
  if (problems.length > 0) throw new Error(`Job handlers are miswired: ${problems.join('; ')}`);
  return handlers;
}
