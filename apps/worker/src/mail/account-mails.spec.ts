import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type AppConfig } from '@mandi/config';
import { Mailer, MailTemplates, readCapturedMails } from '@mandi/mail';
import { ACCOUNT_MAIL_SUBJECTS, AccountMails } from './account-mails.js';
import { MAIL_TEMPLATES_DIR } from './mail.module.js';

// The account mails as rendered from apps/worker/templates/mail/ and captured: both versions carry the name and
// the link, and nothing a value holds can become markup.

describe('the account mails', () => {
  let config: AppConfig;
  let mailer: Mailer;
  let mails: AccountMails;
  const firebaseLink =
    'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=Ab-9_x&continueUrl=http%3A%2F%2Flocalhost%3A3000%2Fsignin';
  /** The storefront's action page with Firebase's mode and code, which the mail carries instead. */
  const link = 'https://mandi.example/auth/action?mode=verifyEmail&oobCode=Ab-9_x';

  beforeEach(() => {
    config = loadConfig({
      NODE_ENV: 'test',
      MAIL_CAPTURE_DIR: mkdtempSync(join(tmpdir(), 'mandi-account-mails-')),
      PUBLIC_URL: 'https://mandi.example/',
    });
    mailer = new Mailer(config);
    mails = new AccountMails(mailer, new MailTemplates(MAIL_TEMPLATES_DIR), config);
  });

  afterEach(() => {
    mailer.close();
    rmSync(config.MAIL_CAPTURE_DIR, { recursive: true, force: true });
  });

  it('sends links on to the sign-in page of PUBLIC_URL', () => {
    expect(mails.continueUrl).toBe('https://mandi.example/signin');
  });

  it("points Firebase's action links at the storefront's action page with the same mode and code", () => {
    expect(mails.storefrontActionLink(firebaseLink)).toBe(link);
    expect(() => mails.storefrontActionLink('http://127.0.0.1:9099/emulator/action?mode=verifyEmail')).toThrow(
      /oobCode/,
    );
  });

  it('renders the verification mail for a phone: one column, the leaf green button, the name, the link and the 90 s', async () => {
    await mails.sendVerification({ to: 'ravi@mandi.test', username: 'Ravi_Kisan', link: firebaseLink });
    const [mail] = await readCapturedMails(config.MAIL_CAPTURE_DIR);

    expect(mail).toMatchObject({
      to: 'ravi@mandi.test',
      from: 'Mandi <no-reply@mandi.test>',
      subject: ACCOUNT_MAIL_SUBJECTS.verification,
    });
    expect(mail!.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail!.html).toContain('max-width:480px');
    expect(mail!.html).toContain('background-color:#2E7D32');
    expect(mail!.html).toContain('Hi Ravi_Kisan,');
    expect(mail!.html).toContain('>Verify my e-mail</a>');
    expect(mail!.html).toContain('The link is valid for 90 seconds.');
    const escapedLink = link.replaceAll('&', '&amp;').replaceAll('=', '&#x3D;');
    expect(mail!.html).toContain(`<a href="${escapedLink}" target="_blank"`);
    expect(mail!.html).not.toContain('{{');

    expect(mail!.text).toBe(
      [
        'Hi Ravi_Kisan,',
        '',
        'Welcome to Mandi. Confirm that this address is yours to finish creating your account:',
        '',
        link,
        '',
        'The link is valid for 90 seconds. Keep the Mandi page open and verify now; if the time runs out, sign up again.',
        '',
        'If you did not sign up for Mandi, ignore this mail: the account is removed when the link runs out.',
        '',
        '--',
        'Mandi: farm-fresh and organic produce, straight from Indian farmers.',
        '',
      ].join('\n'),
    );
  });

  it('renders the password-reset mail with the name and the link in both versions', async () => {
    const resetLink = link.replace('verifyEmail', 'resetPassword');
    await mails.sendPasswordReset({
      to: 'sita@mandi.test',
      username: 'sita',
      link: firebaseLink.replace('verifyEmail', 'resetPassword'),
    });
    const [mail] = await readCapturedMails(config.MAIL_CAPTURE_DIR);

    expect(mail!.subject).toBe(ACCOUNT_MAIL_SUBJECTS.passwordReset);
    expect(mail!.html).toContain('Hi sita,');
    expect(mail!.html).toContain('>Choose a new password</a>');
    expect(mail!.html).toContain(resetLink.replaceAll('&', '&amp;').replaceAll('=', '&#x3D;'));
    expect(mail!.text).toContain('Hi sita,');
    expect(mail!.text).toContain(`\n\n${resetLink}\n\n`);
    expect(mail!.text).toContain('If you did not ask for this, ignore this mail: your password stays as it is.');
  });

  it('escapes every value in the HTML version, so a name or a link cannot become markup', async () => {
    const hostile = 'https://evil.test/?mode=resetPassword&oobCode="><script>alert(1)</script>';
    await mails.sendPasswordReset({ to: 'sita@mandi.test', username: '<img src=x onerror=alert(1)>', link: hostile });
    const [mail] = await readCapturedMails(config.MAIL_CAPTURE_DIR);

    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('Hi &lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;,');
    expect(mail!.html).toContain(
      'href="https://mandi.example/auth/action?mode&#x3D;resetPassword&amp;oobCode&#x3D;%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E"',
    );
    // The text version is plain text: shown as it is, never interpreted.
    expect(mail!.text).toContain('Hi <img src=x onerror=alert(1)>,');
  });
});
