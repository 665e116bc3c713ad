import { z } from 'zod';
import { isoDateTimeSchema } from '../common/fields.js';

/**
 * Answer of POST /api/admin/queues-session: where the queue dashboard is and when the session cookie set with the
 * answer runs out (it is renewed while the dashboard is in use).
 */
export const queuesSessionAnswerSchema = z.object({ url: z.string(), expiresAt: isoDateTimeSchema });
/** Type of {@link queuesSessionAnswerSchema}. */
export type QueuesSessionAnswer = z.infer<typeof queuesSessionAnswerSchema>;
