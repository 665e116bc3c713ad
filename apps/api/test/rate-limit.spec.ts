import { ApiHarness } from './harness.js';

describe('rate limits on public routes', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await ApiHarness.start({ RATE_LIMIT_PUBLIC_PER_MINUTE: '3' });
  });
  afterAll(() => api.stop());

  it('answers 429 in the error shape once an address passes the limit, and counts in Redis', async () => {
    // check-username is public (sign-up calls it before an account exists), so it is limited per address.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await api.request({ method: 'GET', url: '/api/auth/check-username?username=ravi_k' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await api.request({ method: 'GET', url: '/api/auth/check-username?username=ravi_k' });
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    const keys = await api.redis.keys(`${api.redisPrefix}:ratelimit:*`);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('never limits the health check', async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await api.request({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).not.toBe(429);
    }
  });
});
