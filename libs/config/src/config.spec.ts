import { ORDER_WINDOW_MS } from '@mandi/domain';
import { loadConfig } from './config.js';
import {
  DEMO_OFFICIAL_SELLER_UID,
  DEV_QUEUES_SESSION_SECRET,
  DEV_SELLER_DATA_KEY,
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_WEBHOOK_SECRET,
  DEV_ONDC_SIGNING_PRIVATE_KEY,
} from './development-values.js';

/** Development and tests opt in explicitly (npm start, npm test, the benches set NODE_ENV). */
const development = { NODE_ENV: 'development' } as const;

/** A production deployment's settings: its own secrets, none public, none a placeholder. */
const production = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'mandi-prod',
  PUBLIC_URL: 'https://mandi.example.in',
  SMTP_URL: 'smtp://mail.example.com:587',
  RAZORPAY_KEY_ID: 'rzp_live_Ab12Cd34Ef56Gh',
  RAZORPAY_KEY_SECRET: 'a-live-key-secret-of-the-account',
  RAZORPAY_WEBHOOK_SECRET: 'whsec-of-the-account',
  QUEUES_SESSION_SECRET: 'a-queue-dashboard-secret-of-our-own-0123456789',
  SELLER_DATA_KEY: 'q0ZcK1N2yq3Q1m1bq2VwX9v0rYb2T0p3h5c7kQ9u1Wg=',
  OFFICIAL_SELLER_UID: 'Xq3dLr8aPzTnO1vWm2Yk7sJb9cE4',
} as const;

/** The message a refused configuration throws, so a test can look at each named variable. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

// npm test runs with the Auth emulator's host in the environment; production must also see that real variable.
const emulatorHostOfTheRun = process.env.FIREBASE_AUTH_EMULATOR_HOST;
beforeAll(() => delete process.env.FIREBASE_AUTH_EMULATOR_HOST);
afterAll(() => {
  if (emulatorHostOfTheRun !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHostOfTheRun;
});

describe('loadConfig', () => {
  it('fills the local defaults in development', () => {
    const config = loadConfig(development);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/mandi',
      REDIS_URL: 'redis://127.0.0.1:6379',
      FIREBASE_PROJECT_ID: 'demo-mandi',
      OFFICIAL_SELLER_UID: DEMO_OFFICIAL_SELLER_UID,
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: false,
    });
  });

  it('is production when NODE_ENV is unset or empty: a bare start names every missing setting at once', () => {
    for (const env of [{}, { NODE_ENV: '' }]) {
      const message = refusal(env);
      expect(message).not.toContain('\n');
      for (const name of [
        'FIREBASE_PROJECT_ID',
        'PUBLIC_URL',
        'SMTP_URL',
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
        'QUEUES_SESSION_SECRET',
        'SELLER_DATA_KEY',
      ]) {
        expect(message).toContain(`${name}: `);
      }
    }
    expect(loadConfig({ ...production, NODE_ENV: undefined }).NODE_ENV).toBe('production');
  });

  it('accepts a production deployment with secrets of its own, and sends its mail over SMTP', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'smtp',
      OFFICIAL_SELLER_UID: production.OFFICIAL_SELLER_UID,
    });
    // No official seller until an admin account exists to name.
    expect(loadConfig({ ...production, OFFICIAL_SELLER_UID: undefined }).OFFICIAL_SELLER_UID).toBeNull();
    // Links are PUBLIC_URL + '/path': a trailing slash set by the operator is dropped once, here.
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://mandi.example.in//' }).PUBLIC_URL).toBe(
      'https://mandi.example.in',
    );
  });

  it('refuses an Auth emulator host in production, given or in the real environment; an empty one counts as unset', () => {
    expect(refusal({ ...production, FIREBASE_AUTH_EMULATOR_HOST: 'auth-emulator:9099' })).toMatch(
      /FIREBASE_AUTH_EMULATOR_HOST: .*unsigned/,
    );
    expect(loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
    try {
      // firebase-admin reads process.env itself, whatever the config was given.
      expect(refusal(production)).toMatch(/FIREBASE_AUTH_EMULATOR_HOST: /);
      expect(
        loadConfig({ ...development, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).FIREBASE_AUTH_EMULATOR_HOST,
      ).toBe('127.0.0.1:9099');
    } finally {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    }
  });

  it('refuses every public development value in production, naming each variable', () => {
    const message = refusal({
      ...production,
      MAIL_TRANSPORT: 'capture',
      FIREBASE_PROJECT_ID: 'demo-mandi',
      RAZORPAY_KEY_ID: SANDBOX_KEY_ID,
      RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET,
      QUEUES_SESSION_SECRET: DEV_QUEUES_SESSION_SECRET,
      SELLER_DATA_KEY: DEV_SELLER_DATA_KEY,
      OFFICIAL_SELLER_UID: DEMO_OFFICIAL_SELLER_UID,
    });
    expect(
      message
        .split('; ')
        .map((problem) => problem.replace(/^Invalid configuration: /, '').split(':')[0])
        .sort(),
    ).toEqual(
      [
        'FIREBASE_PROJECT_ID',
        'MAIL_TRANSPORT',
        'QUEUES_SESSION_SECRET',
        'SELLER_DATA_KEY',
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
        'OFFICIAL_SELLER_UID',
      ].sort(),
    );
    // A public value is refused under any name, e.g. the sandbox's key secret given as the webhook secret.
    expect(refusal({ ...production, RAZORPAY_WEBHOOK_SECRET: SANDBOX_KEY_SECRET })).toMatch(
      /RAZORPAY_WEBHOOK_SECRET: .*public/,
    );
  });

  it("refuses the compose file's placeholders and any 'set-...' or 'change-me' value in production", () => {
    const message = refusal({
      ...production,
      RAZORPAY_WEBHOOK_SECRET: 'set-your-razorpay-webhook-secret',
      QUEUES_SESSION_SECRET: 'set-a-secret-of-your-own-for-the-queue-dashboard',
      RAZORPAY_KEY_SECRET: 'please-change-me',
      SMTP_URL: 'smtp://set-your-user:pw@mail.example.com',
    });
    expect(message).toMatch(/RAZORPAY_WEBHOOK_SECRET: .*placeholder/);
    expect(message).toMatch(/QUEUES_SESSION_SECRET: .*placeholder/);
    expect(message).toMatch(/RAZORPAY_KEY_SECRET: .*placeholder/);
    expect(message).not.toContain('SMTP_URL');
  });

  describe('Mandi on ONDC (docs/ondc.md)', () => {
    const identity = {
      ONDC_SUBSCRIBER_ID: 'seller.mandi.example.in',
      ONDC_UNIQUE_KEY_ID: 'key-2027-01',
      ONDC_SIGNING_PRIVATE_KEY:
        'tY8mZ0m2mWcRkq0l3QpUqTqJZ4VwzVb1Y3m9m7uV0x2Gq7yW1a6o0h7l8lq1nQkS2wF0m9bQyP3o4g5h6j7k8w==',
      ONDC_ENCRYPTION_PRIVATE_KEY: 'MC4CAQAwBQYDK2VuBCIEIJh0mZ8cQ2l7nV1oX4sP9rT3uW6yA0bC5dE8fG2hJ4kL',
    };
    const account = {
      ONDC_SETTLEMENT_ACCOUNT_NO: '50100012345678',
      ONDC_SETTLEMENT_IFSC: 'HDFC0001234',
      ONDC_SETTLEMENT_BANK_NAME: 'HDFC Bank',
      ONDC_SETTLEMENT_BRANCH_NAME: 'Koramangala',
    };

    it('is off in production until set, and on with development keys elsewhere', () => {
      expect(loadConfig(production).ondc).toBeNull();
      expect(loadConfig(development).ondc).toMatchObject({ subscriberId: 'seller.mandi.test' });
    });

    it('needs all four identity settings, and in production the settlement account buyer apps pay to', () => {
      expect(refusal({ ...production, ONDC_SUBSCRIBER_ID: identity.ONDC_SUBSCRIBER_ID })).toMatch(
        /ONDC_UNIQUE_KEY_ID, ONDC_SIGNING_PRIVATE_KEY, ONDC_ENCRYPTION_PRIVATE_KEY: set all four/,
      );
      const message = refusal({ ...production, ...identity });
      for (const name of Object.keys(account)) expect(message).toContain(`${name}: required when Mandi is on ONDC`);
      expect(loadConfig({ ...production, ...identity, ...account }).ondc).toMatchObject({
        subscriberId: 'seller.mandi.example.in',
        settlementAccount: { accountNo: '50100012345678', ifscCode: 'HDFC0001234' },
      });
      expect(refusal({ ...production, ...identity, ...account, ONDC_SETTLEMENT_IFSC: 'HDFC1234' })).toMatch(
        /ONDC_SETTLEMENT_IFSC: must be an IFSC/,
      );
    });

    it("refuses development's public signing key in production", () => {
      expect(
        refusal({ ...production, ...identity, ...account, ONDC_SIGNING_PRIVATE_KEY: DEV_ONDC_SIGNING_PRIVATE_KEY }),
      ).toMatch(/ONDC_SIGNING_PRIVATE_KEY: .*public/);
    });
  });

  it('names OFFICIAL_SELLER_EMAIL as no longer used in production: an e-mail can be registered again after a deletion', () => {
    expect(refusal({ ...production, OFFICIAL_SELLER_EMAIL: 'admin@mandi.example.in' })).toMatch(
      /OFFICIAL_SELLER_EMAIL: no longer used.*OFFICIAL_SELLER_UID/,
    );
  });

  it('limits public routes to 600 a minute per address in production, generously elsewhere, as set when set', () => {
    expect(loadConfig(production).RATE_LIMIT_PUBLIC_PER_MINUTE).toBe(600);
    expect(loadConfig(development).RATE_LIMIT_PUBLIC_PER_MINUTE).toBe(20_000);
    expect(loadConfig({ ...production, RATE_LIMIT_PUBLIC_PER_MINUTE: '90' }).RATE_LIMIT_PUBLIC_PER_MINUTE).toBe(90);
  });

  it('captures mail locally in development, and refuses capture in production and smtp without a server', () => {
    expect(loadConfig(development).MAIL_TRANSPORT).toBe('capture');
    expect(refusal({ ...production, MAIL_TRANSPORT: 'capture' })).toMatch(/MAIL_TRANSPORT/);
    expect(refusal({ ...development, MAIL_TRANSPORT: 'smtp' })).toMatch(/SMTP_URL/);
  });

  it('pays through the local sandbox in development', () => {
    expect(loadConfig(development)).toMatchObject({
      RAZORPAY_KEY_ID: SANDBOX_KEY_ID,
      RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET,
      RAZORPAY_API_URL: 'https://api.razorpay.com',
    });
    expect(loadConfig({ ...development, RAZORPAY_API_URL: 'http://127.0.0.1:9300/' }).RAZORPAY_API_URL).toBe(
      'http://127.0.0.1:9300',
    );
  });

  it('mails contact messages to CONTACT_INBOX and signs dashboard sessions with a secret of 32 characters or more', () => {
    expect(loadConfig(development).CONTACT_INBOX).toBe('support@mandi.test');
    expect(loadConfig({ ...development, CONTACT_INBOX: 'ops@mandi.example' }).CONTACT_INBOX).toBe('ops@mandi.example');
    expect(refusal({ ...development, CONTACT_INBOX: 'ops' })).toMatch(/CONTACT_INBOX/);
    expect(loadConfig(development).QUEUES_SESSION_SECRET).toBe(DEV_QUEUES_SESSION_SECRET);
    expect(refusal({ ...development, QUEUES_SESSION_SECRET: 'short' })).toMatch(/QUEUES_SESSION_SECRET/);
    expect(loadConfig({ ...production, QUEUES_SESSION_SECRET: 'x'.repeat(32) }).QUEUES_SESSION_SECRET).toBe(
      'x'.repeat(32),
    );
  });

  it('reads TRUST_PROXY as off, every hop, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ ...development, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...development, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ ...development, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...development, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('keeps files in a local folder by default; the S3 store needs its bucket and region', () => {
    expect(loadConfig(development)).toMatchObject({ FILE_STORE: 'local', FILE_STORE_DIR: 'var/files' });
    expect(refusal({ ...development, FILE_STORE: 's3' })).toMatch(
      /S3_BUCKET: required when FILE_STORE is s3; S3_REGION: required/,
    );
    expect(
      refusal({ ...development, FILE_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'k' }),
    ).toMatch(/set both or neither/);
    const s3 = loadConfig({
      ...development,
      FILE_STORE: 's3',
      S3_BUCKET: 'mandi',
      S3_REGION: 'ap-south-1',
      S3_PUBLIC_URL: 'https://cdn.example.com/',
    });
    expect(s3).toMatchObject({ FILE_STORE: 's3', S3_BUCKET: 'mandi', S3_PUBLIC_URL: 'https://cdn.example.com' });
    expect(refusal({ ...development, FILE_STORE: 'ftp' })).toMatch(/FILE_STORE/);
  });

  it('refuses a bad value, naming every bad variable', () => {
    expect(refusal({ ...development, PORT: 'eighty', DATABASE_URL: 'not a url' })).toMatch(/PORT: .*; DATABASE_URL: /);
  });

  it('gives orders the 8-hour window of libs/domain and sweeps every minute unless told otherwise', () => {
    expect(loadConfig(development)).toMatchObject({
      ORDER_DECISION_WINDOW_MS: ORDER_WINDOW_MS,
      ORDER_DEADLINE_SWEEP_MS: 60_000,
    });
    expect(
      loadConfig({ ...development, ORDER_DECISION_WINDOW_MS: '1500', ORDER_DEADLINE_SWEEP_MS: '0' }),
    ).toMatchObject({
      ORDER_DECISION_WINDOW_MS: 1500,
      ORDER_DEADLINE_SWEEP_MS: 0,
    });
    expect(refusal({ ...development, ORDER_DECISION_WINDOW_MS: '0' })).toMatch(/ORDER_DECISION_WINDOW_MS/);
  });
});
