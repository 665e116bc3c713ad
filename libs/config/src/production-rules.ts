import {
  DEMO_FIREBASE_PROJECT_ID,
  DEMO_OFFICIAL_SELLER_UID,
  DEV_QUEUES_SESSION_SECRET,
  DEV_SELLER_DATA_KEY,
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_WEBHOOK_SECRET,
  DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
  DEV_ONDC_SIGNING_PRIVATE_KEY,
} from './development-values.js';

/** Problems found in a configuration, one message per variable name, in the order found. */
export type Problems = Map<string, string>;

/** Every public value of development: in this repository, so a secret anyone can read. */
const PUBLIC_VALUES = new Set<string>([
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_WEBHOOK_SECRET,
  DEV_QUEUES_SESSION_SECRET,
  DEV_SELLER_DATA_KEY,
  DEMO_OFFICIAL_SELLER_UID,
  DEMO_FIREBASE_PROJECT_ID,
  DEV_ONDC_SIGNING_PRIVATE_KEY,
  DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
]);

/** Variables whose value decides who is trusted: a public value in any of them is refused. */
const SECRET_SETTINGS = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'QUEUES_SESSION_SECRET',
  'SELLER_DATA_KEY',
  'OFFICIAL_SELLER_UID',
  'FIREBASE_PROJECT_ID',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'ONDC_SIGNING_PRIVATE_KEY',
  'ONDC_ENCRYPTION_PRIVATE_KEY',
] as const;

/** A value left as a template's placeholder: `set-your-...`, `set-a-...`, anything with `change-me`. */
const PLACEHOLDER = /^set[-_]|change[-_]?me/i;

/**
 * The production rules, added to `problems` (a variable already named keeps its first problem):
 * - each of `required` is set (production has no default for them);
 * - no Auth emulator host, given or in the real environment (firebase-admin reads process.env itself, and the
 *   emulator accepts unsigned tokens);
 * - no capture mail (it would keep password-reset links on disk, and /dev/mail is a development page);
 * - no public development value in a secret setting, no 'demo-' Firebase project, no placeholder in any of our
 *   `known` settings;
 * - no OFFICIAL_SELLER_EMAIL, which is no longer read: a deployment that still sets it expects a rule we dropped.
 */
export function productionProblems(
  given: Readonly<Record<string, string>>,
  settings: { required: readonly string[]; known: readonly string[] },
  problems: Problems,
): void {
  const add = (name: string, message: string) => {
    if (!problems.has(name)) problems.set(name, message);
  };
  const emulatorHost = given.FIREBASE_AUTH_EMULATOR_HOST ?? process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (emulatorHost) {
    add(
      'FIREBASE_AUTH_EMULATOR_HOST',
      'the Auth emulator accepts unsigned tokens, so anyone could sign in as anyone: unset it in production',
    );
  }
  if (given.MAIL_TRANSPORT === 'capture') add('MAIL_TRANSPORT', 'capture keeps mail on disk, set smtp in production');
  for (const name of SECRET_SETTINGS) {
    const value = given[name];
    if (value !== undefined && PUBLIC_VALUES.has(value)) {
      add(name, 'a public development value (it is in this repository), set your own');
    }
  }
  if (given.FIREBASE_PROJECT_ID?.startsWith('demo-')) {
    add('FIREBASE_PROJECT_ID', "a 'demo-' project exists only in the Auth emulator, set your Firebase project's id");
  }
  for (const name of settings.known) {
    if (PLACEHOLDER.test(given[name] ?? '')) add(name, 'a placeholder, set the real value');
  }
  if (given.OFFICIAL_SELLER_EMAIL !== undefined) {
    add(
      'OFFICIAL_SELLER_EMAIL',
      'no longer used: an e-mail can be registered again after its account is deleted; set OFFICIAL_SELLER_UID, the Firebase uid of the official seller account',
    );
  }
  for (const name of settings.required)
    if (given[name] === undefined) add(name, 'required in production (there is no default)');
}
