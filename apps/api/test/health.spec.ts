import { ApiHarness } from './harness.js';

describe('GET /api/health', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await ApiHarness.start();
  });
  afterAll(() => api.stop());

  it('reports the worker down (503) while no worker has sent a heartbeat', async () => {
    const response = await api.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', database: 'up', redis: 'up', worker: 'down' });
  });

  it('reports everything up once a worker heartbeat is present', async () => {
    await api.redis.set(`${api.redisPrefix}:worker:heartbeat`, new Date().toISOString(), 'EX', 15);
    const response = await api.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', redis: 'up', worker: 'up' });
  });
});
