import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { AUTH_TIMINGS, type Language } from '@mandi/domain';
import { Mailer, MailTemplates, type SentMail } from '@mandi/mail';
import { englishMailTexts } from './mail-texts.js';

/** The English subject line of each account mail (the catalogues hold every language's). */
export const ACCOUNT_MAIL_SUBJECTS = {
  verification: englishMailTexts().t('mail.subject.verification'),
  passwordReset: englishMailTexts().t('mail.subject.passwordReset'),
} as const;

/** Who gets an account mail, the name it greets, the Firebase action link it carries and its language. */
export interface AccountMailTo {
  readonly to: string;
  readonly username: string;
  readonly link: string;
  /** English unless told: a sign-up has no account, so no saved language, yet. */
  readonly language?: Language;
}

/**
 * The account mails (templates in apps/worker/templates/mail/): renders both versions of each and sends them.
 *
 * Their links lead to the storefront's own action page (/auth/action), Firebase's "custom e-mail action handler":
 * it applies the code with the Firebase browser SDK, so verification and a new password work the same against
 * the emulator (whose own reset page has no form) and against Firebase, in Mandi's look.
 */
@Injectable()
export class AccountMails {
  constructor(
    private readonly mailer: Mailer,
    private readonly templates: MailTemplates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Where Firebase's own action page would continue to: `${PUBLIC_URL}/signin`. */
  get continueUrl(): string {
    return `${this.publicUrl}/signin`;
  }

  /** The storefront's action page for the mode and code of a link firebase-admin made. */
  storefrontActionLink(firebaseLink: string): string {
    const params = new URL(firebaseLink).searchParams;
    const mode = params.get('mode');
    const oobCode = params.get('oobCode');
    if (!mode || !oobCode) throw new Error('firebase-admin made an action link without mode or oobCode');
    return `${this.publicUrl}/auth/action?${new URLSearchParams({ mode, oobCode })}`;
  }

  private get publicUrl(): string {
    return this.config.PUBLIC_URL;
  }

  /** The 'verify your e-mail' mail of a new account, valid as long as the verification window. */
  async sendVerification({ to, username, link, language }: AccountMailTo): Promise<SentMail> {
    const t = this.templates.translator(language);
    const validForSeconds = AUTH_TIMINGS.verificationWindowMs / 1000;
    const body = this.templates.render(
      'verify-email',
      { username, link: this.storefrontActionLink(link), validForSeconds },
      t,
    );
    return this.mailer.send({ to, subject: t.t('mail.subject.verification'), ...body });
  }

  /** The password-reset mail, in the account's language. */
  async sendPasswordReset({ to, username, link, language }: AccountMailTo): Promise<SentMail> {
    const t = this.templates.translator(language);
    const body = this.templates.render('reset-password', { username, link: this.storefrontActionLink(link) }, t);
    return this.mailer.send({ to, subject: t.t('mail.subject.passwordReset'), ...body });
  }
}
