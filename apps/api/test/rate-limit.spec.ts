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

describe('the public limit with two replicas on one Redis', () => {
  const url = '/api/auth/check-username?username=ravi_k';
  let first: ApiHarness;
  let second: ApiHarness;
  beforeAll(async () => {
    first = await ApiHarness.start({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10' });
    // A second API process on the same Redis keys, as a second replica behind the load balancer.
    second = await ApiHarness.start({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10', REDIS_PREFIX: first.redisPrefix });
  });
  afterAll(async () => {
    await second.stop();
    await first.stop();
  });

  it('lets exactly the limit through when requests arrive together on both, each hit counted once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? first : second).request({ method: 'GET', url })),
    );
    const allowed = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect([allowed.length, refused.length]).toEqual([10, 6]);
    // Every allowed request was told a different number left: none was counted twice or missed.
    const left = allowed.map((response) => Number(response.headers['ratelimit-remaining'])).sort((a, b) => a - b);
    expect(left).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const response of refused) {
      expect(response.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(response.headers['ratelimit-limit']).toBe('10');
      expect(response.headers['ratelimit-remaining']).toBe('0');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // The window is shared: either replica refuses the next request.
    expect((await first.request({ method: 'GET', url })).statusCode).toBe(429);
    expect((await second.request({ method: 'GET', url })).statusCode).toBe(429);
  });
});
