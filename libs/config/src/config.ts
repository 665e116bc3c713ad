import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { productionProblems, type Problems } from './production-rules.js';
import {
  DEMO_FIREBASE_PROJECT_ID,
  DEMO_OFFICIAL_SELLER_UID,
  DEV_QUEUES_SESSION_SECRET,
  DEV_SELLER_DATA_KEY,
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_WEBHOOK_SECRET,
  DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
  DEV_ONDC_REGISTRY_URL,
  DEV_ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY,
  DEV_ONDC_SIGNING_PRIVATE_KEY,
  DEV_ONDC_SUBSCRIBER_ID,
  DEV_ONDC_UNIQUE_KEY_ID,
  DEV_ONDC_SETTLEMENT_ACCOUNT,
} from './development-values.js';

/** Environment settings shared by the API and the worker, validated once at boot. */
export const configSchema = z.object({
  /**
   * Production unless development or tests say otherwise (npm start, npm test and the benches do): a bare
   * `node apps/api/dist/main.js` gets no development convenience and refuses to start without real secrets.
   */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
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
      return trimmed
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  /**
   * Requests per minute one address may make to the public (not signed-in) routes. Unset, it is 600 in production;
   * elsewhere every request comes from one local address, and a test suite must not be taken for a scraper.
   */
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /**
   * How long a whole request may take to arrive, body included (2 minutes: a 21 MB form on a slow phone); a client
   * trickling bytes is cut off after it (apps/api/src/bootstrap/http-server-options.ts).
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/mandi'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Key prefix for every Redis key we write (BullMQ queues, rate limits), so tests and apps never collide. */
  REDIS_PREFIX: z.string().min(1).default('mandi'),
  /** The Firebase project; required in production ('demo-mandi', the emulator's, elsewhere). */
  FIREBASE_PROJECT_ID: z.string().min(1).optional(),
  /**
   * host:port of the Firebase Auth emulator, development and tests only: it accepts unsigned tokens, so production
   * refuses to start with it (firebase-admin would read it from the environment).
   */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /**
   * Firebase uid of the designated official seller (the admin account whose products are official_brand 1): a uid is
   * never given out again, an e-mail is after a deletion. Unset in production, no product is official; development
   * uses the demo admin's fixed uid, which the seed gives it.
   */
  OFFICIAL_SELLER_UID: z.string().trim().min(1).max(128).optional(),
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
  PUBLIC_URL: z
    .string()
    .url()
    // Trimmed once here, so every link built on it (mails, payment returns) joins paths with a single '/'.
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /**
   * How the worker sends mail: 'capture' writes each mail as a JSON file to MAIL_CAPTURE_DIR (read at /dev/mail
   * outside production), 'smtp' sends it through SMTP_URL. 'capture' by default in development, 'smtp' in production,
   * which refuses 'capture'.
   */
  MAIL_TRANSPORT: z.enum(['capture', 'smtp']).optional(),
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
  QUEUES_SESSION_SECRET: z.string().min(32).optional(),
  /**
   * Key of sellers' PAN, GSTIN and bank account numbers at rest (AES-256-GCM, docs/sellers.md): 32 random bytes in
   * base64 (`openssl rand -base64 32`). Production must set its own: the development default is public.
   */
  SELLER_DATA_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32 && /^[A-Za-z0-9+/]{43}=$/.test(value), {
      message: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
    })
    .optional(),
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
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .default('No. 42, 2nd Floor, KR Market Road, Chickpet, Bengaluru 560002, Karnataka'),
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
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  /** Secret of the webhook endpoint (POST /api/payment/webhook), set in Razorpay's dashboard. */
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
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
  ORDER_DECISION_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60 * 60 * 1000),
  /** How often the worker sweeps for orders past their deadline whose deadline job was lost; 0 turns the sweep off. */
  ORDER_DEADLINE_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * How often the worker's payout sweep runs (docs/payouts.md): payouts whose settle-after period has passed become
   * due, waiting ones move once the seller's Route account is activated, released ones are followed to their
   * settlement; 0 turns it off.
   */
  PAYOUT_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * How often the worker's statements sweep runs (docs/payouts.md): each seller's weekly settlement statement for every
   * completed India week with ledger activity, and Mandi's monthly commission invoice to each seller; 0 turns it off.
   */
  STATEMENT_SWEEP_MS: z.coerce.number().int().min(0).default(3_600_000),
  /**
   * How long a job may be missing from Redis, after it was due and after it was last seen there, before the worker's
   * reconciler enqueues it again (docs/events.md, "Delivery guarantee"). The reconciler looks every sixth of it, at
   * most every 10 s.
   */
  JOB_LOST_AFTER_MS: z.coerce.number().int().min(1_000).default(60_000),
  /**
   * Mandi on ONDC as a seller node (docs/ondc.md): its subscriber id (the domain the registry knows it by), the unique
   * key id of its registered keys, its ed25519 signing key (base64 of libsodium's 64 bytes) and its X25519 encryption
   * key (PKCS#8 DER, base64; the registry's on_subscribe challenge is encrypted for it). All four or none: unset in
   * production, /ondc answers 404 and nothing is sent to the network. Development and tests use public keys that the
   * local registry (tools/ondc-registry) knows.
   */
  ONDC_SUBSCRIBER_ID: z.string().trim().min(3).max(255).optional(),
  ONDC_UNIQUE_KEY_ID: z.string().trim().min(1).max(100).optional(),
  ONDC_SIGNING_PRIVATE_KEY: z.string().trim().min(40).optional(),
  ONDC_ENCRYPTION_PRIVATE_KEY: z.string().trim().min(40).optional(),
  /** ONDC's registry: lookups of buyer apps' keys, and subscription. The local registry in development and tests. */
  ONDC_REGISTRY_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /**
   * The registry's X25519 encryption public key (SPKI DER, base64), which with Mandi's encryption key decrypts its
   * on_subscribe challenge. Unset: ONDC's published production key for its production registry, the local
   * registry's key in development and tests.
   */
  ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY: z.string().trim().min(40).max(200).optional(),
  /**
   * The bank account buyer apps settle Mandi's network orders to (ONDC's settlement_details, by NEFT): account number,
   * IFSC, bank and branch. Required in production once Mandi is on the network; development uses an account of no bank.
   */
  ONDC_SETTLEMENT_ACCOUNT_NO: z
    .string()
    .trim()
    .regex(/^\d{9,18}$/, 'must be a bank account number of 9 to 18 digits')
    .optional(),
  ONDC_SETTLEMENT_IFSC: z
    .string()
    .trim()
    .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC such as SBIN0001234')
    .optional(),
  ONDC_SETTLEMENT_BANK_NAME: z.string().trim().min(2).max(100).optional(),
  ONDC_SETTLEMENT_BRANCH_NAME: z.string().trim().min(2).max(100).optional(),
  /**
   * The request_id of Mandi's subscribe request to the registry while one is under way: GET
   * /ondc-site-verification.html shows it signed with Mandi's signing key, which the registry checks (developer-docs
   * registry/Onboarding of Participants.md). Unset: that page answers 404.
   */
  ONDC_SUBSCRIBE_REQUEST_ID: z.string().trim().min(1).max(200).optional(),
  /**
   * The bearer token Prometheus scrapes with (`Authorization: Bearer <token>`), for GET /api/metrics and the worker's
   * metrics port; at least 32 characters. When set, every scrape must carry it; unset, production serves no metrics
   * (404) while development and tests serve them to anyone (docs/operations.md).
   */
  METRICS_TOKEN: z.string().min(32).optional(),
  /**
   * Port of the worker's metrics (GET /metrics, on HOST like the API); 0 takes any free port. Unset: 9464, except
   * in tests, where many workers run at once and each takes a free port.
   */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
});

/**
 * What development and tests fill in when a setting is unset. Every value is public (it is in this repository), so
 * production has no default for these: it must set each, and refuses these values (production-rules.ts).
 */
const DEVELOPMENT_DEFAULTS = {
  FIREBASE_PROJECT_ID: DEMO_FIREBASE_PROJECT_ID,
  PUBLIC_URL: 'http://localhost:3000',
  QUEUES_SESSION_SECRET: DEV_QUEUES_SESSION_SECRET,
  SELLER_DATA_KEY: DEV_SELLER_DATA_KEY,
  RAZORPAY_KEY_ID: SANDBOX_KEY_ID,
  RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET,
  OFFICIAL_SELLER_UID: DEMO_OFFICIAL_SELLER_UID,
} as const;

type DevelopmentDefaulted = keyof typeof DEVELOPMENT_DEFAULTS;

/** Injection token of the validated AppConfig, shared by the API's and the worker's Nest modules. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** The validated configuration. */
export type AppConfig = Omit<
  z.infer<typeof configSchema>,
  'RATE_LIMIT_PUBLIC_PER_MINUTE' | 'MAIL_TRANSPORT' | 'WORKER_METRICS_PORT' | DevelopmentDefaulted
> & {
  RATE_LIMIT_PUBLIC_PER_MINUTE: number;
  WORKER_METRICS_PORT: number;
  MAIL_TRANSPORT: 'capture' | 'smtp';
  FIREBASE_PROJECT_ID: string;
  PUBLIC_URL: string;
  QUEUES_SESSION_SECRET: string;
  SELLER_DATA_KEY: string;
  RAZORPAY_KEY_ID: string;
  RAZORPAY_KEY_SECRET: string;
  RAZORPAY_WEBHOOK_SECRET: string;
  /** Null when no account is the official seller. */
  OFFICIAL_SELLER_UID: string | null;
  /** Mandi's seller node on ONDC; null when it is not on the network (production without the ONDC_ settings). */
  ondc: OndcSettings | null;
};

/** Mandi's identity on ONDC and where the registry is (docs/ondc.md). */
export interface OndcSettings {
  subscriberId: string;
  uniqueKeyId: string;
  signingPrivateKey: string;
  encryptionPrivateKey: string;
  registryUrl: string;
  /** The registry's encryption public key for on_subscribe; null when none is known for a registry set by URL. */
  registryEncryptionPublicKey: string | null;
  /** The request_id of a subscription under way, for the site verification page; null when none is. */
  subscribeRequestId: string | null;
  /** Mandi's bank account buyer apps settle network orders to (its beneficiary is SELLER_LEGAL_NAME). */
  settlementAccount: { accountNo: string; ifscCode: string; bankName: string; branchName: string };
}

/** Where buyer apps settle to, required with the identity in production. */
const ONDC_SETTLEMENT = [
  'ONDC_SETTLEMENT_ACCOUNT_NO',
  'ONDC_SETTLEMENT_IFSC',
  'ONDC_SETTLEMENT_BANK_NAME',
  'ONDC_SETTLEMENT_BRANCH_NAME',
] as const;

/** The four settings Mandi's ONDC identity needs together. */
const ONDC_IDENTITY = [
  'ONDC_SUBSCRIBER_ID',
  'ONDC_UNIQUE_KEY_ID',
  'ONDC_SIGNING_PRIVATE_KEY',
  'ONDC_ENCRYPTION_PRIVATE_KEY',
] as const;

/** ONDC's production registry, where a live seller node looks buyer apps up. */
export const ONDC_PRODUCTION_REGISTRY_URL = 'https://prod.registry.ondc.org';
/** Its encryption public key, as ONDC publishes it (developer-docs registry/Onboarding of Participants.md, step 6). */
export const ONDC_PRODUCTION_REGISTRY_ENCRYPTION_PUBLIC_KEY =
  'MCowBQYDK2VuAyEAvVEyZY91O2yV8w8/CAwVDAnqIZDJJUPdLUUKwLo3K0M=';

/** A configuration the process must not start with; its message names every bad variable, on one line. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ').replace(/\s+/g, ' ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment. Production is the default; development conveniences need NODE_ENV development or test.
 * Collects every problem (bad values, missing production secrets, public or placeholder values, an emulator host)
 * and throws one ConfigError naming each, so a process refuses to start on a bad configuration. An empty variable
 * counts as unset (a compose file's `${NAME:-}`).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const given = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  const problems: Problems = new Map();
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      if (!problems.has(name)) problems.set(name, issue.message);
    }
  }
  // An unknown NODE_ENV is named above and checked as production here, the safe reading.
  const isProduction = !['development', 'test'].includes(given.NODE_ENV ?? 'production');
  const mailTransport = given.MAIL_TRANSPORT ?? (isProduction ? 'smtp' : 'capture');
  if (mailTransport === 'smtp' && !given.SMTP_URL) problems.set('SMTP_URL', 'required when MAIL_TRANSPORT is smtp');
  if (given.FILE_STORE === 's3') {
    for (const name of ['S3_BUCKET', 'S3_REGION'])
      if (!given[name]) problems.set(name, 'required when FILE_STORE is s3');
    if (!given.S3_ACCESS_KEY_ID !== !given.S3_SECRET_ACCESS_KEY) {
      problems.set('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY', 'set both or neither');
    }
  }
  const ondcGiven = ONDC_IDENTITY.filter((name) => given[name]);
  if (ondcGiven.length > 0 && ondcGiven.length < ONDC_IDENTITY.length) {
    problems.set(
      ONDC_IDENTITY.filter((name) => !given[name]).join(', '),
      'set all four ONDC_ identity settings or none',
    );
  }
  if (isProduction && ondcGiven.length > 0) {
    for (const name of ONDC_SETTLEMENT)
      if (!given[name]) problems.set(name, 'required when Mandi is on ONDC: buyer apps settle network orders to it');
  }
  if (isProduction) {
    productionProblems(
      given,
      {
        required: Object.keys(DEVELOPMENT_DEFAULTS).filter((name) => name !== 'OFFICIAL_SELLER_UID'),
        known: Object.keys(configSchema.shape),
      },
      problems,
    );
  }
  if (problems.size > 0 || !parsed.success) {
    throw new ConfigError([...problems].map(([name, message]) => `${name}: ${message}`));
  }

  const config = parsed.data;
  const defaults = isProduction ? {} : DEVELOPMENT_DEFAULTS;
  const setting = <K extends DevelopmentDefaulted>(name: K): string | undefined =>
    config[name] ?? (defaults as Partial<typeof DEVELOPMENT_DEFAULTS>)[name];
  return {
    ...config,
    MAIL_TRANSPORT: mailTransport as 'capture' | 'smtp',
    // Production checked above that each of these is set.
    FIREBASE_PROJECT_ID: setting('FIREBASE_PROJECT_ID')!,
    PUBLIC_URL: setting('PUBLIC_URL')!,
    ondc: ondcSettings(config, isProduction),
    QUEUES_SESSION_SECRET: setting('QUEUES_SESSION_SECRET')!,
    SELLER_DATA_KEY: setting('SELLER_DATA_KEY')!,
    RAZORPAY_KEY_ID: setting('RAZORPAY_KEY_ID')!,
    RAZORPAY_KEY_SECRET: setting('RAZORPAY_KEY_SECRET')!,
    RAZORPAY_WEBHOOK_SECRET: setting('RAZORPAY_WEBHOOK_SECRET')!,
    OFFICIAL_SELLER_UID: setting('OFFICIAL_SELLER_UID') ?? null,
    RATE_LIMIT_PUBLIC_PER_MINUTE: config.RATE_LIMIT_PUBLIC_PER_MINUTE ?? (isProduction ? 600 : 20_000),
    WORKER_METRICS_PORT: config.WORKER_METRICS_PORT ?? (config.NODE_ENV === 'test' ? 0 : DEFAULT_WORKER_METRICS_PORT),
  };
}

/** The worker's metrics port when WORKER_METRICS_PORT is unset (outside tests): OpenTelemetry's Prometheus port. */
export const DEFAULT_WORKER_METRICS_PORT = 9464;

/** The message of a scrape refused for its token (401), from the API and the worker alike. */
export const METRICS_SCRAPE_REFUSED =
  'A valid metrics scrape token is required (Authorization: Bearer <METRICS_TOKEN>).';

/**
 * What a scrape with the Authorization header `authorization` may read: 'allowed'; 'refused' when METRICS_TOKEN is set
 * and the header does not carry it; 'off' in production without a token, where metrics are not served at all. Compared
 * in constant time.
 */
export function metricsScrapeAccess(
  config: Pick<AppConfig, 'NODE_ENV' | 'METRICS_TOKEN'>,
  authorization: string | undefined,
): 'allowed' | 'refused' | 'off' {
  const token = config.METRICS_TOKEN;
  if (token === undefined) return config.NODE_ENV === 'production' ? 'off' : 'allowed';
  const [scheme, given = ''] = (authorization ?? '').split(' ');
  const expected = createHash('sha256').update(token).digest();
  const offered = createHash('sha256').update(given).digest();
  return scheme?.toLowerCase() === 'bearer' && timingSafeEqual(expected, offered) ? 'allowed' : 'refused';
}

/** The ONDC identity given, or development's public one; none in production unless all four are set. */
function ondcSettings(config: z.infer<typeof configSchema>, isProduction: boolean): OndcSettings | null {
  if (!config.ONDC_SUBSCRIBER_ID && isProduction) return null;
  const registryUrl = config.ONDC_REGISTRY_URL ?? (isProduction ? ONDC_PRODUCTION_REGISTRY_URL : DEV_ONDC_REGISTRY_URL);
  const registryEncryptionPublicKey =
    config.ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY ??
    (registryUrl === ONDC_PRODUCTION_REGISTRY_URL
      ? ONDC_PRODUCTION_REGISTRY_ENCRYPTION_PUBLIC_KEY
      : isProduction
        ? null
        : DEV_ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY);
  const common = {
    registryUrl,
    registryEncryptionPublicKey,
    subscribeRequestId: config.ONDC_SUBSCRIBE_REQUEST_ID ?? null,
    // Production checked that all four are set once Mandi is on the network.
    settlementAccount: config.ONDC_SETTLEMENT_ACCOUNT_NO
      ? {
          accountNo: config.ONDC_SETTLEMENT_ACCOUNT_NO,
          ifscCode: config.ONDC_SETTLEMENT_IFSC!,
          bankName: config.ONDC_SETTLEMENT_BANK_NAME!,
          branchName: config.ONDC_SETTLEMENT_BRANCH_NAME!,
        }
      : DEV_ONDC_SETTLEMENT_ACCOUNT,
  };
  if (config.ONDC_SUBSCRIBER_ID) {
    return {
      subscriberId: config.ONDC_SUBSCRIBER_ID,
      uniqueKeyId: config.ONDC_UNIQUE_KEY_ID!,
      signingPrivateKey: config.ONDC_SIGNING_PRIVATE_KEY!,
      encryptionPrivateKey: config.ONDC_ENCRYPTION_PRIVATE_KEY!,
      ...common,
    };
  }
  return {
    subscriberId: DEV_ONDC_SUBSCRIBER_ID,
    uniqueKeyId: DEV_ONDC_UNIQUE_KEY_ID,
    signingPrivateKey: DEV_ONDC_SIGNING_PRIVATE_KEY,
    encryptionPrivateKey: DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
    ...common,
  };
}
