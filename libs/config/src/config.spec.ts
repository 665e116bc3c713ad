import { ORDER_WINDOW_MS } from '@mandi/domain';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills the local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/mandi',
      REDIS_URL: 'redis://127.0.0.1:6379',
      FIREBASE_PROJECT_ID: 'demo-mandi',
      OFFICIAL_SELLER_EMAIL: 'admin@mandi.test',
      TRUST_PROXY: false,
    });
  });

  it('limits public routes to 600 a minute per address in production, generously elsewhere, as set when set', () => {
    const production = {
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail.example.com:587',
      RAZORPAY_WEBHOOK_SECRET: 'whsec-of-the-account',
      QUEUES_SESSION_SECRET: 'a-queue-dashboard-secret-of-our-own-0123456789',
    } as const;
    expect(loadConfig(production).RATE_LIMIT_PUBLIC_PER_MINUTE).toBe(600);
    expect(loadConfig({ NODE_ENV: 'development' }).RATE_LIMIT_PUBLIC_PER_MINUTE).toBe(20_000);
    expect(loadConfig({ ...production, RATE_LIMIT_PUBLIC_PER_MINUTE: '90' }).RATE_LIMIT_PUBLIC_PER_MINUTE).toBe(90);
  });

  it('captures mail locally by default, and refuses capture in production and smtp without a server', () => {
    expect(loadConfig({}).MAIL_TRANSPORT).toBe('capture');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MAIL_TRANSPORT/);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
  });

  it('pays through the local sandbox by default and refuses its public webhook secret in production', () => {
    expect(loadConfig({})).toMatchObject({ RAZORPAY_KEY_ID: 'rzp_test_mandisandbox', RAZORPAY_API_URL: 'https://api.razorpay.com' });
    expect(loadConfig({ RAZORPAY_API_URL: 'http://127.0.0.1:9300/' }).RAZORPAY_API_URL).toBe('http://127.0.0.1:9300');
    const production = { NODE_ENV: 'production', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.example.com:587' } as const;
    expect(() => loadConfig(production)).toThrow(/RAZORPAY_WEBHOOK_SECRET: the sandbox secret is public/);
  });

  it('mails contact messages to CONTACT_INBOX and signs dashboard sessions with a secret production must set', () => {
    expect(loadConfig({}).CONTACT_INBOX).toBe('support@mandi.test');
    expect(loadConfig({ CONTACT_INBOX: 'ops@mandi.example' }).CONTACT_INBOX).toBe('ops@mandi.example');
    expect(() => loadConfig({ CONTACT_INBOX: 'ops' })).toThrow(/CONTACT_INBOX/);
    expect(loadConfig({}).QUEUES_SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(() => loadConfig({ QUEUES_SESSION_SECRET: 'short' })).toThrow(/QUEUES_SESSION_SECRET/);
    const production = {
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail.example.com:587',
      RAZORPAY_WEBHOOK_SECRET: 'whsec-of-the-account',
    } as const;
    expect(() => loadConfig(production)).toThrow(/QUEUES_SESSION_SECRET: the development secret is public/);
    expect(loadConfig({ ...production, QUEUES_SESSION_SECRET: 'x'.repeat(32) }).QUEUES_SESSION_SECRET).toBe('x'.repeat(32));
  });

  it('reads TRUST_PROXY as off, every hop, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('keeps files in a local folder by default; the S3 store needs its bucket and region', () => {
    expect(loadConfig({})).toMatchObject({ FILE_STORE: 'local', FILE_STORE_DIR: 'var/files' });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET: required when FILE_STORE is s3; S3_REGION: required/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'k' })).toThrow(/set both or neither/);
    const s3 = loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'mandi', S3_REGION: 'ap-south-1', S3_PUBLIC_URL: 'https://cdn.example.com/' });
    expect(s3).toMatchObject({ FILE_STORE: 's3', S3_BUCKET: 'mandi', S3_PUBLIC_URL: 'https://cdn.example.com' });
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow(/FILE_STORE/);
  });

  it('refuses a bad value, naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(/PORT: .*; DATABASE_URL: /);
  });

  it('gives orders the 8-hour window of libs/domain and sweeps every minute unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ ORDER_DECISION_WINDOW_MS: ORDER_WINDOW_MS, ORDER_DEADLINE_SWEEP_MS: 60_000 });
    expect(loadConfig({ ORDER_DECISION_WINDOW_MS: '1500', ORDER_DEADLINE_SWEEP_MS: '0' })).toMatchObject({
      ORDER_DECISION_WINDOW_MS: 1500,
      ORDER_DEADLINE_SWEEP_MS: 0,
    });
    expect(() => loadConfig({ ORDER_DECISION_WINDOW_MS: '0' })).toThrow(/ORDER_DECISION_WINDOW_MS/);
  });
});
