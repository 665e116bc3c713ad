import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { Language } from '@mandi/domain';
import { languageOf } from './order-mails.repository.js';

/** An interested seller whose invite stands: where it goes, the name it greets and the language of their account. */
export interface InvitedSeller {
  readonly email: string;
  readonly username: string;
  readonly language: Language;
}

/** An invited seller as stored, the language as its column holds it. */
const INVITED_SELLER_ROW = sqlRow('invited seller', { email: 'text', username: 'text', language: 'text' });

/** A seller whose business profile an admin reviewed: where the mail goes, and what it says. */
export interface ReviewedSeller extends InvitedSeller {
  readonly uid: string;
  readonly legalName: string;
  /** The admin's reason, for a rejection. */
  readonly reason: string | null;
}

const REVIEWED_SELLER_ROW = sqlRow('reviewed seller', {
  uid: 'text',
  email: 'text',
  username: 'text',
  language: 'text',
  legal_name: 'text',
  rejection_reason: 'text | null',
});

/** A message of the contact page, as the operators read it. */
const CONTACT_MESSAGE_ROW = sqlRow('contact message', {
  name: 'text',
  email: 'text',
  message: 'text',
  createdAt: 'timestamptz',
});
/** A row of {@link CONTACT_MESSAGE_ROW}. */
export type ContactMessageRow = RowOf<typeof CONTACT_MESSAGE_ROW>;

/** What the seller-invite and contact mails read. */
@Injectable()
export class PeopleMailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The seller while they are invited; null once onboarded (no invite needed) or gone. */
  async findInvitedSeller(id: number): Promise<InvitedSeller | null> {
    const rows = await queryRows(
      this.prisma,
      INVITED_SELLER_ROW,
      Prisma.sql`
      SELECT s.email, s.username, u.language
        FROM interested_sellers s JOIN users u ON u.id = s.user_id
       WHERE s.id = ${id} AND s.status = 'invited'`,
    );
    const seller = rows[0];
    return seller ? { ...seller, language: languageOf(seller.language) } : null;
  }

  /**
   * The seller of a profile still as the review left it (`status`); null when the seller sent it again since (the
   * dashboard then shows the new state, and the old outcome's mail would mislead) or the account is gone.
   */
  async findReviewedSeller(userId: number, status: 'approved' | 'rejected'): Promise<ReviewedSeller | null> {
    const [row] = await queryRows(
      this.prisma,
      REVIEWED_SELLER_ROW,
      Prisma.sql`
      SELECT u.firebase_uid AS uid, u.email::text AS email, u.username::text AS username, u.language,
             p.legal_name, p.rejection_reason
        FROM seller_profiles p JOIN users u ON u.id = p.user_id
       WHERE p.user_id = ${userId} AND p.status = ${status}::seller_review_status AND u.deleted_at IS NULL`,
    );
    if (!row) return null;
    return {
      uid: row.uid,
      email: row.email,
      username: row.username,
      language: languageOf(row.language),
      legalName: row.legal_name,
      reason: row.rejection_reason,
    };
  }

  /** The contact message, or null when it is gone. */
  async findContactMessage(id: number): Promise<ContactMessageRow | null> {
    const rows = await queryRows(
      this.prisma,
      CONTACT_MESSAGE_ROW,
      Prisma.sql`
      SELECT name, email, message, created_at AS "createdAt" FROM contact_messages WHERE id = ${id}`,
    );
    return rows[0] ?? null;
  }
}
