import { z } from 'zod';

/** Whether one dependency answered. */
export const dependencyStateSchema = z.enum(['up', 'down']);

/** The answer of GET /api/health: overall status and each dependency. */
export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: dependencyStateSchema,
  redis: dependencyStateSchema,
  worker: dependencyStateSchema,
});

/** Type of {@link healthAnswerSchema}. */
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** Type of {@link dependencyStateSchema}. */
export type DependencyState = z.infer<typeof dependencyStateSchema>;
