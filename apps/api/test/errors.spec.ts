import { ApiHarness } from './harness.js';

describe('API basics: one error shape, request ids, security headers', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await ApiHarness.start();
  });
  afterAll(() => api.stop());

  it('answers an unknown API route with a JSON 404 in the error shape', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await api.request({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: expect.stringContaining('/api/no-such-thing'),
      });
    }
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/user/getUserId',
      headers: { 'content-type': 'application/json' },
      payload: '{"uid": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
  });

  it('echoes a sane x-request-id and invents one otherwise', async () => {
    const given = await api.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const invented = await api.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\n' } });
    expect(invented.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const response = await api.request({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('lets Google sign-in work: the Auth emulator may be framed, and the popup keeps its opener', async () => {
    const response = await api.request({ method: 'GET', url: '/api/health' });
    const frameSrc = /frame-src ([^;]*)/.exec(response.headers['content-security-policy'] as string)?.[1];
    expect(frameSrc).toContain(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`);
    expect(frameSrc).toContain('https://demo-mandi.firebaseapp.com');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
