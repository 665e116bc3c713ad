import { Injectable } from '@nestjs/common';
import type { ContactBody } from '@mandi/contracts';
import { PrismaService } from '@mandi/database';

/** Messages of the contact page in contact_messages. */
@Injectable()
export class ContactRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Stores a message and writes contact.message_received to the outbox (the worker mails it to the operators), in ONE
   * statement. Returns the message's id.
   */
  async store(message: ContactBody): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ id: number }[]>`
      WITH stored AS (
        INSERT INTO contact_messages (name, email, message)
        VALUES (${message.name}, ${message.email}, ${message.message})
        RETURNING id
      ), events AS (
        -- The outbox row publish() would write (libs/events): the payload is { contactMessageId }.
        INSERT INTO outbox_events (type, aggregate_id, payload)
        SELECT 'contact.message_received', id::text, jsonb_build_object('contactMessageId', id) FROM stored
        RETURNING 1
      )
      SELECT id FROM stored`;
    return row!.id;
  }
}
