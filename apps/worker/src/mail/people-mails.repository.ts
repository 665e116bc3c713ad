import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

/** An interested seller whose invite stands: where it goes and the name it greets. */
export interface InvitedSeller {
  readonly email: string;
  readonly username: string;
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
    const rows = await this.prisma.$queryRaw<InvitedSeller[]>`
      SELECT email, username FROM interested_sellers WHERE id = ${id} AND status = 'invited'`;
    return rows[0] ?? null;
  }

  /** The contact message, or null when it is gone. */
  async findContactMessage(id: number): Promise<ContactMessageRow | null> {
    const rows = await this.prisma.$queryRaw<ContactMessageRow[]>`
      SELECT name, email, message, created_at AS "createdAt" FROM contact_messages WHERE id = ${id}`;
    return rows[0] ?? null;
  }
}
