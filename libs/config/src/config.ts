import { z } from 'zod';

/** The local Razorpay sandbox's webhook secret (tools/razorpay-sandbox), the default outside production. */
const SANDBOX_WEBHOOK_SECRET = 'mandi_sandbox_webhook_secret';

/** The development secret of the queue dashboard's session cookie; public (it is in this repository), so refused in production. */
const DEV_QUEUES_SESSION_SECRET = 'mandi-dev-queues-session-secret-change-me';

/** Environment settings shared by the API and the worker, validated once at boot. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  /** Interface the API listens on. */
  HOST: z.string().default('0.0.0.0'),
  /**
   * Behind a load balancer, which X-Forwarded-For hops to trust, so rate limits and the terms record see the real
   * address: 'false' (none), a number of hops (e.g. 1 for one load balancer), or the proxies' addresses or CIDRs,
   * comma-separated. 'true' trusts every hop, which lets a client forge its address: only for a closed network.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string[] => {
      const trimmed = value.trim();
      if (/^(false|0|)$/i.test(trimmed)) return false;
      if (/^true$/i.test(trimmed)) return true;
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      return trimmed.split(',').map((part) => part.trim()).filter(Boolean);
    }),
  /**
   * Requests per minute one address may make to the public (not signed-in) routes. Unset, it is 600 in production;
   * elsewhere every request comes from one local address, and a test suite must not be taken for a scraper.
   */
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().positive().optional(),
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/mandi'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Key prefix for every Redis key we write (BullMQ queues, rate limits), so tests and apps never collide. */
  REDIS_PREFIX: z.string().min(1).default('mandi'),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-mandi'),
  /** host:port of the Firebase Auth emulator; unset in production. */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /** E-mail of the designated official seller (the admin account whose products are official_brand 1). */
  OFFICIAL_SELLER_EMAIL: z.string().email().default('admin@mandi.test'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Where files (product and profile images, invoices) are kept: 'local' is FILE_STORE_DIR, served by the API at
   * /files/; 's3' is an S3-compatible bucket (S3_BUCKET, S3_REGION, and S3_ENDPOINT for a store other than AWS).
   */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  /** Folder of local files (uploads, invoices) when the local file store is used, relative to the working directory. */
  FILE_STORE_DIR: z.string().default('var/files'),
  /** Bucket of the 's3' file store. */
  S3_BUCKET: z.string().min(1).optional(),
  /** Region of the bucket ('auto' for stores that ignore it). */
  S3_REGION: z.string().min(1).optional(),
  /** Endpoint of an S3-compatible store (MinIO, R2, Spaces); unset for AWS itself. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Credentials of the 's3' store; unset, the AWS SDK's default chain (instance role, environment) is used. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * Public base URL of the bucket (or of the CDN in front of it) that browsers load files from, without a trailing
   * slash; unset, it is the bucket's virtual-hosted AWS address.
   */
  S3_PUBLIC_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** Where people reach the storefront; links in mails (verification, password reset) start here. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /**
   * How the worker sends mail: 'capture' writes each mail as a JSON file to MAIL_CAPTURE_DIR (read at /dev/mail
   * outside production), 'smtp' sends it through SMTP_URL. Production refuses 'capture'.
   */
  MAIL_TRANSPORT: z.enum(['capture', 'smtp']).default('capture'),
  /** SMTP server of the 'smtp' transport, e.g. smtps://user:password@smtp.example.com:465. */
  SMTP_URL: z.string().url().optional(),
  /** Folder of the 'capture' transport. */
  MAIL_CAPTURE_DIR: z.string().default('var/mail'),
  /** Sender of every mail. */
  MAIL_FROM: z.string().default('Mandi <no-reply@mandi.test>'),
  /** The operators' inbox: where the worker mails each message of the contact page (POST /api/contact). */
  CONTACT_INBOX: z.string().email().default('support@mandi.test'),
  /**
   * Key of the HMAC that signs the queue dashboard's session cookie (/adminpanel/queues, admins only); at least 32
   * characters. Production must set its own: the development default is public.
   */
  QUEUES_SESSION_SECRET: z.string().min(32).default(DEV_QUEUES_SESSION_SECRET),
  /** Built front ends served by the API at / and /adminpanel. */
  STOREFRONT_DIST: z.string().default('storefront/dist'),
  /** The storefront's server renderer of the home page (`vite build --ssr`); without it the page renders in the browser. */
  STOREFRONT_SSR: z.string().default('storefront/dist-server/entry-server.js'),
  ADMIN_UI_DIST: z.string().default('admin-ui/dist'),
  /**
   * The seller printed on every invoice and credit note (GST rule 46): legal name, registered address, state and
   * GSTIN. The state decides CGST + SGST (delivery in the same state) against IGST; the GSTIN's first two digits are
   * that state's code. The defaults are a demo company in Karnataka.
   */
  SELLER_LEGAL_NAME: z.string().trim().min(1).max(100).default('Mandi Fresh Produce Private Limited'),
  SELLER_ADDRESS: z.string().trim().min(1).max(300).default('No. 42, 2nd Floor, KR Market Road, Chickpet, Bengaluru 560002, Karnataka'),
  SELLER_STATE: z.string().trim().min(1).max(100).default('Karnataka'),
  SELLER_GSTIN: z
    .string()
    .trim()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a 15-character GSTIN such as 29AAHCM4321K1ZA')
    .default('29AAHCM4321K1ZA'),
  /** The Chromium the worker renders invoice PDFs with (puppeteer-core brings no browser of its own). */
  PUPPETEER_EXECUTABLE_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /**
   * Razorpay credentials. Development and tests use the local sandbox's test keys (tools/razorpay-sandbox, started by
   * `npm start` and the tests); production sets a live account's keys and leaves the two URLs at Razorpay's own.
   */
  RAZORPAY_KEY_ID: z.string().min(1).default('rzp_test_mandisandbox'),
  RAZORPAY_KEY_SECRET: z.string().min(1).default('mandi_sandbox_key_secret'),
  /** Secret of the webhook endpoint (POST /api/payment/webhook), set in Razorpay's dashboard. */
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).default(SANDBOX_WEBHOOK_SECRET),
  /** Base URL of Razorpay's REST API; the sandbox's address in development. */
  RAZORPAY_API_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://api.razorpay.com'),
  /** Razorpay Checkout's script, which the storefront loads; its origin is allowed by the content security policy. */
  RAZORPAY_CHECKOUT_URL: z.string().url().default('https://checkout.razorpay.com/v1/checkout.js'),
  /**
   * How long after creation an order may be cancelled by its buyer and confirmed or cancelled by an admin, and when
   * the deadline job settles it: 8 hours (ORDER_WINDOW_MS of libs/domain; config.spec.ts checks they agree). Read
   * by the API and the worker, which must agree; tests shorten it.
   */
  ORDER_DECISION_WINDOW_MS: z.coerce.number().int().positive().default(8 * 60 * 60 * 1000),
  /** How often the worker sweeps for orders past their deadline whose deadline job was lost; 0 turns the sweep off. */
  ORDER_DEADLINE_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
});

/** Injection token of the validated AppConfig, shared by the API's and the worker's Nest modules. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** The validated configuration. */
export type AppConfig = Omit<z.infer<typeof configSchema>, 'RATE_LIMIT_PUBLIC_PER_MINUTE'> & {
  RATE_LIMIT_PUBLIC_PER_MINUTE: number;
};

/** Parses the environment; throws with every bad variable named, so a process refuses to start on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL) {
    throw new Error('Invalid configuration: SMTP_URL: required when MAIL_TRANSPORT is smtp');
  }
  if (config.FILE_STORE === 's3') {
    const missing = (['S3_BUCKET', 'S3_REGION'] as const).filter((name) => !config[name]);
    if (missing.length > 0) {
      throw new Error(`Invalid configuration: ${missing.map((name) => `${name}: required when FILE_STORE is s3`).join('; ')}`);
    }
    if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY) {
      throw new Error('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
    }
  }
  if (config.NODE_ENV === 'production' && config.MAIL_TRANSPORT === 'capture') {
    throw new Error('Invalid configuration: MAIL_TRANSPORT: capture keeps mail on disk, set smtp in production');
  }
  // The sandbox's webhook secret is public (it is in this repository): accepting it would let anyone mark orders paid.
  if (config.NODE_ENV === 'production' && config.RAZORPAY_WEBHOOK_SECRET === SANDBOX_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration: RAZORPAY_WEBHOOK_SECRET: the sandbox secret is public, set your Razorpay webhook secret');
  }
  // Anyone could sign a dashboard cookie with the public development secret.
  if (config.NODE_ENV === 'production' && config.QUEUES_SESSION_SECRET === DEV_QUEUES_SESSION_SECRET) {
    throw new Error('Invalid configuration: QUEUES_SESSION_SECRET: the development secret is public, set a secret of your own');
  }
  return {
    ...config,
    RATE_LIMIT_PUBLIC_PER_MINUTE: config.RATE_LIMIT_PUBLIC_PER_MINUTE ?? (config.NODE_ENV === 'production' ? 600 : 20_000),
  };
}
