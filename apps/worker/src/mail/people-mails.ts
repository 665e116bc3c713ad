import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { formatIndiaDateTime } from '@mandi/domain';
import { Mailer, MailTemplates, type SentMail } from '@mandi/mail';
import { englishMailTexts } from './mail-texts.js';
import type { ContactMessageRow, InvitedSeller, ReviewedSeller } from './people-mails.repository.js';

/** The English subject line of each people mail; the contact one names the sender. */
export const PEOPLE_MAIL_SUBJECTS = {
  sellerInvite: englishMailTexts().t('mail.subject.sellerInvite'),
  contact: (name: string) => englishMailTexts().t('mail.subject.contact', { name }),
} as const;

/**
 * The seller-invite mail, in the seller's language, and the operators' copy of a contact message, in English
 * (templates in apps/worker/templates/mail/): renders both versions of each and sends them.
 */
@Injectable()
export class PeopleMails {
  constructor(
    private readonly mailer: Mailer,
    private readonly templates: MailTemplates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The storefront's sell page, where an invited seller posts their first product. */
  get sellPageUrl(): string {
    return `${this.config.PUBLIC_URL}/SellPage`;
  }

  /** Invites an interested seller to list their produce. */
  async sendSellerInvite(seller: InvitedSeller): Promise<SentMail> {
    const t = this.templates.translator(seller.language);
    const body = this.templates.render('seller-invite', { username: seller.username, link: this.sellPageUrl }, t);
    return this.mailer.send({ to: seller.email, subject: t.t('mail.subject.sellerInvite'), ...body });
  }

  /** Tells a seller how the review of their business profile went: approved, or rejected with the admin's reason. */
  async sendSellerProfileReview(seller: ReviewedSeller, outcome: 'approved' | 'rejected'): Promise<SentMail> {
    const t = this.templates.translator(seller.language);
    const link = `${this.config.PUBLIC_URL}/seller-dashboard`;
    const view = { username: seller.username, legalName: seller.legalName, reason: seller.reason, link };
    const body = this.templates.render(`seller-profile-${outcome}`, view, t);
    const subject = t.t(outcome === 'approved' ? 'mail.subject.sellerApproved' : 'mail.subject.sellerRejected');
    return this.mailer.send({ to: seller.email, subject, ...body });
  }

  /** Hands a contact message to the operators' inbox (CONTACT_INBOX), with the sender's address to answer to. */
  async sendContactNotification(message: ContactMessageRow): Promise<SentMail> {
    const body = this.templates.render('contact-message', {
      name: message.name,
      email: message.email,
      message: message.message,
      receivedAt: `${formatIndiaDateTime(message.createdAt)} IST`,
    });
    return this.mailer.send({
      to: this.config.CONTACT_INBOX,
      subject: PEOPLE_MAIL_SUBJECTS.contact(message.name),
      ...body,
    });
  }
}
