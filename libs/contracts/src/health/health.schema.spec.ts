import { errorBodySchema } from '../common/error-body.schema.js';
import { healthAnswerSchema } from './health.schema.js';

describe('health and error shapes', () => {
  it('read a health answer', () => {
    const answer = {
      status: 'error',
      database: 'up',
      redis: 'up',
      worker: 'down',
      documents: 'down',
      reason: 'Down: worker.',
    };
    expect(healthAnswerSchema.parse(answer)).toEqual(answer);
    expect(healthAnswerSchema.safeParse({ ...answer, redis: 'maybe' }).success).toBe(false);
    const degraded = {
      status: 'degraded',
      database: 'up',
      redis: 'up',
      worker: 'up',
      documents: 'down',
      reason: 'No PDFs.',
    };
    expect(healthAnswerSchema.parse(degraded)).toEqual(degraded);
    expect(healthAnswerSchema.safeParse({ status: 'ok', database: 'up', redis: 'up', worker: 'up' }).success).toBe(
      false,
    );
  });

  it('read the one error body', () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Maximum 4 images allowed.',
      fields: { existingImages: 'Maximum 4 images allowed.' },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(
      errorBodySchema.parse({ statusCode: 404, error: 'Not Found', message: 'Order not found.' }).fields,
    ).toBeUndefined();
    expect(errorBodySchema.safeParse({ statusCode: 200, error: 'OK', message: '' }).success).toBe(false);
  });
});
