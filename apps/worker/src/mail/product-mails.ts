import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { Mailer, MailTemplates, type SentMail, type Translator } from '@mandi/mail';
import { englishMailTexts } from './mail-texts.js';
import type { UnlistedProductForMail } from './product-mails.repository.js';

/** The subject line of each product mail (English unless `t` says otherwise); it names the product. */
export const PRODUCT_MAIL_SUBJECTS = {
  unlisted: (name: string, t: Translator = englishMailTexts()) => t.t('mail.subject.productUnlisted', { name }),
} as const;

/**
 * The seller's mails about their products, in the seller's language (templates in apps/worker/templates/mail/):
 * renders both versions and sends.
 */
@Injectable()
export class ProductMails {
  constructor(
    private readonly mailer: Mailer,
    private readonly templates: MailTemplates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The seller's own profile page, where the unlisted product shows with its reason. */
  get profileUrl(): string {
    return `${this.config.PUBLIC_URL}/profilepage`;
  }

  /** Tells the seller an admin unlisted their product, and the admin's reason. */
  sendUnlisted(product: UnlistedProductForMail): Promise<SentMail> {
    const t = this.templates.translator(product.sellerLanguage);
    const subject = PRODUCT_MAIL_SUBJECTS.unlisted(product.name, t);
    const body = this.templates.render(
      'product-unlisted',
      {
        subject,
        username: product.sellerUsername,
        productName: product.name,
        reason: product.reason,
        link: this.profileUrl,
      },
      t,
    );
    return this.mailer.send({ to: product.sellerEmail, subject, ...body });
  }
}
