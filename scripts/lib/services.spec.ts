import { defaultDatabaseUrl, defaultRedisUrl, ensurePostgres, ensureRedis, maintenanceUrl } from './services.mjs';

describe('ensurePostgres and ensureRedis', () => {
  it('report the local servers as already running', async () => {
    expect(await ensurePostgres(defaultDatabaseUrl)).toBe('running');
    expect(await ensureRedis(defaultRedisUrl)).toBe('running');
  });

  it('do not try to start a server on another host, and say which variable to correct', async () => {
    await expect(ensurePostgres('postgresql://postgres@127.0.0.2:5499/mandi')).rejects.toThrow(
      'PostgreSQL does not answer at 127.0.0.2:5499 (DATABASE_URL). Start it, or correct DATABASE_URL.',
    );
    await expect(ensureRedis('redis://127.0.0.2:6399')).rejects.toThrow(
      'Redis does not answer at 127.0.0.2:6399 (REDIS_URL). Start it, or correct REDIS_URL.',
    );
  });
});

describe('maintenanceUrl', () => {
  it('points the same server at the postgres database', () => {
    expect(maintenanceUrl('postgresql://postgres:secret@db.example:6543/mandi_e2e?sslmode=require')).toBe(
      'postgresql://postgres:secret@db.example:6543/postgres?sslmode=require',
    );
  });
});
