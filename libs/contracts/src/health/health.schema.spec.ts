import { errorBodySchema } from '../common/error-body.schema.js';
import { healthAnswerSchema } from './health.schema.js';

describe('health and error shapes', () => {
  it('read a health answer', () => {
    const answer = { status: 'ok', database: 'up', redis: 'up', worker: 'down' };
    expect(healthAnswerSchema.parse(answer)).toEqual(answer);
    expect(healthAnswerSchema.safeParse({ ...answer, redis: 'maybe' }).success).toBe(false);
  });

  it('read the one error body', () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'Maximum 4 images allowed.', fields: { existingImages: 'Maximum 4 images allowed.' } };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.parse({ statusCode: 404, error: 'Not Found', message: 'Order not found.' }).fields).toBeUndefined();
    expect(errorBodySchema.safeParse({ statusCode: 200, error: 'OK', message: '' }).success).toBe(false);
  });
});
