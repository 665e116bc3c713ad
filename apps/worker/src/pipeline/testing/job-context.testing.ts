import type { PrismaClient } from '@mandi/database';
import type { JobContext } from '../job.handler.js';

/**
 * The context of a handler run directly by a test, without the queue: `finish` runs the handler's writes in a
 * transaction of their own, as the runner does, but leaves processed_events alone (tests of the runner itself use the
 * pipeline, pipeline.int.spec.ts).
 */
export function directJobContext(prisma: PrismaClient, context: Partial<Omit<JobContext, 'finish'>> = {}): JobContext {
  return {
    eventId: 1n,
    eventType: 'test',
    attempt: 1,
    ...context,
    finish: async (record) => {
      if (record) await prisma.$transaction((tx) => record(tx));
      return true;
    },
  };
}
