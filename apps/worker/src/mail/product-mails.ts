import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { Mailer, MailTemplates, type SentMail } from '@mandi/mail';
import type { UnlistedProductForMail } from './product-mails.repository.js';

/** The subject line of each product mail; it names the product. */
export const PRODUCT_MAIL_SUBJECTS = {
  unlisted: (name: string) => `Your product "${name}" is unlisted on Mandi`,
} as const;

/** The seller's mails about their products (templates in apps/worker/templates/mail/): renders both versions and sends. */
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
    const subject = PRODUCT_MAIL_SUBJECTS.unlisted(product.name);
    const body = this.templates.render('product-unlisted', {
      subject,
      username: product.sellerUsername,
      productName: product.name,
      reason: product.reason,
      link: this.profileUrl,
    });
    return this.mailer.send({ to: product.sellerEmail, subject, ...body });
  }
}
