import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import type { OndcAction } from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';

/** A verified and checked call of a buyer app, to record (ondc_calls, direction inbound). */
export interface InboundCallRecord {
  action: OndcAction;
  transactionId: string;
  messageId: string;
  bapId: string;
  bapUri: string;
  /** The body as received, JSON text. */
  body: string;
  /** context.timestamp + ttl: when its callback is due. */
  dueBy: Date;
}

const INBOUND_ROW = sqlRow('ondc inbound call recorded', { id: 'bigint | null' });

@Injectable()
export class OndcCallsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Records an inbound call, acknowledged, and its `ondc.request_received` event in one statement (docs/ondc.md, "The
   * pipeline"). A call recorded already (the same buyer app, action and message id: a retry) writes nothing and
   * answers null.
   */
  async recordInbound(call: InboundCallRecord): Promise<bigint | null> {
    const [row] = await queryRows(
      this.prisma,
      INBOUND_ROW,
      Prisma.sql`
      WITH recorded AS (
        INSERT INTO ondc_calls (direction, action, transaction_id, message_id, bap_id, bap_uri, body, ack_status,
                                answered_at, due_by)
        VALUES ('inbound', ${call.action}, ${call.transactionId}, ${call.messageId}, ${call.bapId}, ${call.bapUri},
                ${call.body}::jsonb, 'ACK', now(), ${call.dueBy}::timestamptz)
        ON CONFLICT (direction, bap_id, action, message_id) DO NOTHING
        RETURNING id
      ), event AS (${outboxInsertSql({ type: 'ondc.request_received', from: 'recorded', ids: { callId: 'id' } })})
      SELECT (SELECT id FROM recorded) AS id`,
    );
    return row?.id ?? null;
  }
}
