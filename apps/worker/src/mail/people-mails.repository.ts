import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';
import type { Language } from '@mandi/domain';
import { languageOf } from './order-mails.repository.js';

/** An interested seller whose invite stands: where it goes, the name it greets and the language of their account. */
export interface InvitedSeller {
  readonly email: string;
  readonly username: string;
  readonly language: Language;
}

/** A message of the contact page, as the operators read it. */
export interface ContactMessageRow {
  readonly name: string;
  readonly email: string;
  readonly message: string;
  readonly createdAt: Date;
}

/** What the seller-invite and contact mails read. */
@Injectable()
export class PeopleMailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The seller while they are invited; null once onboarded (no invite needed) or gone. */
  async findInvitedSeller(id: number): Promise<InvitedSeller | null> {
    const rows = await this.prisma.$queryRaw<{ email: string; username: string; language: string }[]>`
      SELECT s.email, s.username, u.language
        FROM interested_sellers s JOIN users u ON u.id = s.user_id
       WHERE s.id = ${id} AND s.status = 'invited'`;
    const seller = rows[0];
    return seller ? { ...seller, language: languageOf(seller.language) } : null;
  }

  /** The contact message, or null when it is gone. */
  async findContactMessage(id: number): Promise<ContactMessageRow | null> {
    const rows = await this.prisma.$queryRaw<ContactMessageRow[]>`
      SELECT name, email, message, created_at AS "createdAt" FROM contact_messages WHERE id = ${id}`;
    return rows[0] ?? null;
  }
}
