import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApiHarness, productionEnv } from '../harness.js';

/**
 * Holes 1 and 2 of issue 13, at boot. With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts unsigned tokens,
 * and docker-compose ran NODE_ENV=production with the emulator host defaulted; an unset NODE_ENV meant development
 * (/dev/mail listing password-reset links, the sandbox's public webhook secret, the public cookie secret). Now
 * production is the default, and the built API and worker refuse to start on any development setting, public secret or
 * placeholder, with one line naming each bad variable and a non-zero exit.
 */

const APPS = {
  API: fileURLToPath(new URL('../../dist/main.js', import.meta.url)),
  Worker: fileURLToPath(new URL('../../../worker/dist/main.js', import.meta.url)),
} as const;

interface Exit {
  code: number | null;
  stderr: string;
}

/** Starts a built app with exactly `env` (nothing inherited) and waits for it to exit; one still running fails. */
function boot(main: string, env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${main} did not refuse to start within 15 s:\n${stderr}`));
    }, 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** A refusal as an operator reads it: a non-zero exit and one line on stderr, no stack trace. */
function expectRefusal(exit: Exit, app: string): string {
  expect(exit.code).not.toBe(0);
  expect(exit.code).not.toBeNull();
  const lines = exit.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^${app} refused to start\\. Invalid configuration: `));
  expect(exit.stderr).not.toMatch(/\n\s+at /);
  return lines[0]!;
}

describe.each(Object.entries(APPS))('the %s refuses an unsafe production boot', (app, main) => {
  it('with an Auth emulator host (it accepts unsigned tokens)', async () => {
    const line = expectRefusal(
      await boot(main, { ...productionEnv(), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
      app,
    );
    expect(line).toMatch(/FIREBASE_AUTH_EMULATOR_HOST: the Auth emulator accepts unsigned tokens/);
  });

  it('bare, without NODE_ENV or any secret: it names every missing variable at once', async () => {
    const line = expectRefusal(await boot(main, {}), app);
    for (const name of [
      'FIREBASE_PROJECT_ID',
      'PUBLIC_URL',
      'SMTP_URL',
      'QUEUES_SESSION_SECRET',
      'SELLER_DATA_KEY',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ]) {
      expect(line).toContain(`${name}: `);
    }
  });

  it("with the compose file's placeholders, the sandbox's keys, the demo official seller and the old e-mail setting", async () => {
    const line = expectRefusal(
      await boot(main, {
        ...productionEnv(),
        RAZORPAY_KEY_ID: 'rzp_test_mandisandbox',
        RAZORPAY_KEY_SECRET: 'mandi_sandbox_key_secret',
        RAZORPAY_WEBHOOK_SECRET: 'set-your-razorpay-webhook-secret',
        QUEUES_SESSION_SECRET: 'set-a-secret-of-your-own-for-the-queue-dashboard',
        OFFICIAL_SELLER_UID: 'mandi-demo-official-seller',
        OFFICIAL_SELLER_EMAIL: 'admin@mandi.test',
        MAIL_TRANSPORT: 'capture',
      }),
      app,
    );
    expect(line).toMatch(/RAZORPAY_KEY_ID: a public development value/);
    expect(line).toMatch(/RAZORPAY_KEY_SECRET: a public development value/);
    expect(line).toMatch(/RAZORPAY_WEBHOOK_SECRET: a placeholder/);
    expect(line).toMatch(/QUEUES_SESSION_SECRET: a placeholder/);
    expect(line).toMatch(/OFFICIAL_SELLER_UID: a public development value/);
    expect(line).toMatch(/OFFICIAL_SELLER_EMAIL: no longer used/);
    expect(line).toMatch(/MAIL_TRANSPORT: capture/);
  });
});

describe('an API started without NODE_ENV', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    // Empty counts as unset (a compose file's `${NODE_ENV:-}`): production, so mail goes out over SMTP, not to disk.
    api = await ApiHarness.start(productionEnv({ NODE_ENV: '', MAIL_TRANSPORT: '' }));
  });
  afterAll(() => api.stop());

  it('runs as production: no /dev/mail inbox of password-reset links', async () => {
    for (const url of ['/dev/mail', '/dev/mail/messages.json']) {
      const response = await api.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toMatch(/oobCode|mode=resetPassword|<title>Mail/i);
    }
  });
});

describe('docker-compose.yml, the production-shaped stack', () => {
  const lines = (file: string) =>
    readFileSync(fileURLToPath(new URL(`../../../../${file}`, import.meta.url)), 'utf8')
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'));

  it('gives the app no emulator, mail sink, sandbox key, placeholder or default for a secret', () => {
    const compose = lines('docker-compose.yml');
    expect(compose).toContain('  NODE_ENV: production');
    expect(compose.join('\n')).not.toMatch(
      /FIREBASE_AUTH_EMULATOR_HOST|auth-emulator|mailpit|rzp_test|mandi_sandbox|set-|change-me|development/i,
    );
    for (const secret of [
      'FIREBASE_PROJECT_ID',
      'PUBLIC_URL',
      'SMTP_URL',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'QUEUES_SESSION_SECRET',
      'SELLER_DATA_KEY',
    ]) {
      // Unset stays unset (empty counts as unset), so the apps refuse to start naming it.
      expect(compose).toContain(`  ${secret}: \${${secret}:-}`);
    }
  });

  it('keeps the Auth emulator in the development override, which says NODE_ENV development', () => {
    const override = lines('docker-compose.dev.yml');
    expect(override).toContain('  FIREBASE_AUTH_EMULATOR_HOST: auth-emulator:9099');
    expect(override).toContain('  NODE_ENV: development');
  });
});
