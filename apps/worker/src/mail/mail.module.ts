import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { Mailer, MailTemplates } from '@mandi/mail';
import { AccountsModule } from '../accounts/accounts.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { AccountMails } from './account-mails.js';
import { ContactNotificationMailHandler } from './contact-notification-mail.handler.js';
import { MAIL_TEMPLATES_DIR, mailCatalogues } from './mail-texts.js';
import { PasswordResetMailHandler } from './password-reset-mail.handler.js';
import { PeopleMails } from './people-mails.js';
import { PeopleMailsRepository } from './people-mails.repository.js';
import { ProductMails } from './product-mails.js';
import { ProductMailsRepository } from './product-mails.repository.js';
import { ProductUnlistedMailHandler } from './product-unlisted-mail.handler.js';
import { SellerInviteMailHandler } from './seller-invite-mail.handler.js';
import { SellerProfileApprovedMailHandler, SellerProfileRejectedMailHandler } from './seller-profile-mail.handlers.js';
import { SHIPMENT_MAIL_PROVIDERS } from './shipment-mail.handlers.js';
import { VerificationMailHandler } from './verification-mail.handler.js';

export { MAIL_TEMPLATES_DIR } from './mail-texts.js';

/**
 * Outgoing mail: the Mailer of MAIL_TRANSPORT, the templates with their catalogues (both exported for the order mails),
 * and the jobs that send account, seller-invite and contact mails.
 */
@Module({
  imports: [IdentityModule, AccountsModule],
  providers: [
    { provide: Mailer, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new Mailer(config) },
    // Compiles the English and Hindi catalogues at the start: a broken message stops the worker, not a mail.
    { provide: MailTemplates, useFactory: () => new MailTemplates(MAIL_TEMPLATES_DIR, mailCatalogues()) },
    AccountMails,
    VerificationMailHandler,
    PasswordResetMailHandler,
    PeopleMails,
    PeopleMailsRepository,
    SellerInviteMailHandler,
    ContactNotificationMailHandler,
    // The seller's mail when an admin approves or rejects their business profile (issue 31).
    SellerProfileApprovedMailHandler,
    SellerProfileRejectedMailHandler,
    // Each step of a seller's shipment, to the buyer and the seller (issue 31).
    ...SHIPMENT_MAIL_PROVIDERS,
    // The seller's mail when an admin unlists their product (issue 17).
    ProductMails,
    ProductMailsRepository,
    ProductUnlistedMailHandler,
  ],
  exports: [AccountMails, Mailer, MailTemplates],
})
export class MailModule implements OnApplicationShutdown {
  constructor(private readonly mailer: Mailer) {}

  /** After every module's destroy hook, so the jobs the runner let finish have sent their mail. */
  onApplicationShutdown(): void {
    this.mailer.close();
  }
}
