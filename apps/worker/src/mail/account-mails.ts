import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { AUTH_TIMINGS } from '@mandi/domain';
import { Mailer, MailTemplates, type SentMail } from '@mandi/mail';

/** The subject line of each account mail. */
export const ACCOUNT_MAIL_SUBJECTS = {
  verification: 'Verify your e-mail address for Mandi',
  passwordReset: 'Reset your Mandi password',
} as const;

/** Who gets an account mail, the name it greets and the Firebase action link it carries. */
export interface AccountMailTo {
  readonly to: string;
  readonly username: string;
  readonly link: string;
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
  async sendVerification({ to, username, link }: AccountMailTo): Promise<SentMail> {
    const validForSeconds = AUTH_TIMINGS.verificationWindowMs / 1000;
    const body = this.templates.render('verify-email', { username, link: this.storefrontActionLink(link), validForSeconds });
    return this.mailer.send({ to, subject: ACCOUNT_MAIL_SUBJECTS.verification, ...body });
  }

  /** The password-reset mail. */
  async sendPasswordReset({ to, username, link }: AccountMailTo): Promise<SentMail> {
    const body = this.templates.render('reset-password', { username, link: this.storefrontActionLink(link) });
    return this.mailer.send({ to, subject: ACCOUNT_MAIL_SUBJECTS.passwordReset, ...body });
  }
}
