import { Injectable } from '@nestjs/common';
import type { ContactBody } from '@mandi/contracts';
import { ID_ROW, Prisma, PrismaService, queryRows } from '@mandi/database';
import { outboxInsertSql } from '@mandi/events';

/** Messages of the contact page in contact_messages. */
@Injectable()
export class ContactRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Stores a message and writes contact.message_received to the outbox (the worker mails it to the operators), in ONE
   * statement. Returns the message's id.
   */
  async store(message: ContactBody): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      ID_ROW,
      Prisma.sql`
      WITH stored AS (
        INSERT INTO contact_messages (name, email, message)
        VALUES (${message.name}, ${message.email}, ${message.message})
        RETURNING id
      ), events AS (${outboxInsertSql({ type: 'contact.message_received', from: 'stored', ids: { contactMessageId: 'id' } })})
      SELECT id FROM stored`,
    );
    return row!.id;
  }
}
