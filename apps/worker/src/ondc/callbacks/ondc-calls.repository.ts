import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type Transaction } from '@mandi/database';
import type { OndcAction, OndcCallback } from '@mandi/domain';
import type { InboundCall } from './callback-record.repository.js';

/** A recorded callback as the send job posts it. */
export interface OutboundCallback {
  id: bigint;
  action: OndcCallback;
  bapId: string;
  bapUri: string;
  /** The body as recorded; its JSON text is what is signed and sent. */
  body: unknown;
  /** ACK or NACK once the buyer app answered; null before. */
  ackStatus: string | null;
  attempts: number;
}

/** How a buyer app answered a callback. */
export type CallbackAnswer =
  { kind: 'ack' } | { kind: 'nack'; code: string | null; message: string | null } | { kind: 'failed'; reason: string };

/** What recording an answer found out: whether it came after the request's ttl, and how long since the request. */
export interface RecordedAnswer {
  late: boolean;
  /** Seconds from the request's arrival to this answer; null for an unsolicited callback. */
  secondsSinceRequest: number | null;
}

const ANSWERED_ROW = sqlRow('ondc callback answered', { late: 'bool', seconds: 'float | null' });

/** The columns' sizes (prisma/schema.prisma, OndcCall): a buyer app's error text is cut to fit. */
const ERROR_CODE_LENGTH = 10;
const ERROR_MESSAGE_LENGTH = 500;

/** The network's calls and Mandi's callbacks (ondc_calls) as the worker reads and answers them (docs/ondc.md). */
@Injectable()
export class OndcCallsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The call a buyer app made, as the API recorded it; null when `id` is no inbound call. */
  async inbound(id: bigint): Promise<InboundCall | null> {
    const row = await this.prisma.ondcCall.findFirst({ where: { id, direction: 'inbound' } });
    if (!row) return null;
    return {
      id: row.id,
      action: row.action as OndcAction,
      transactionId: row.transactionId,
      messageId: row.messageId,
      bapId: row.bapId,
      bapUri: row.bapUri,
      body: row.body,
      dueBy: row.dueBy,
      orderId: row.orderId,
    };
  }

  /** The callback `id` to send; null when `id` is no outbound call. */
  async callback(id: bigint): Promise<OutboundCallback | null> {
    const row = await this.prisma.ondcCall.findFirst({
      where: { id, direction: 'outbound' },
      select: { id: true, action: true, bapId: true, bapUri: true, body: true, ackStatus: true, attempts: true },
    });
    return row ? { ...row, action: row.action as OndcCallback } : null;
  }

  /** Counts a post that got no answer (down, timed out, an error status without a NACK), and why. */
  async recordFailedAttempt(id: bigint, reason: string): Promise<void> {
    await this.prisma.ondcCall.updateMany({
      where: { id, ackStatus: null },
      data: { attempts: { increment: 1 }, errorMessage: reason.slice(0, ERROR_MESSAGE_LENGTH) },
    });
  }

  /**
   * Records the buyer app's ACK or NACK of callback `id` with its post counted, once: null when an answer was
   * recorded already (another delivery of the job got there first).
   */
  async recordAnswer(
    tx: Transaction,
    id: bigint,
    answer: Exclude<CallbackAnswer, { kind: 'failed' }>,
  ): Promise<RecordedAnswer | null> {
    const nack = answer.kind === 'nack';
    const [row] = await queryRows(
      tx,
      ANSWERED_ROW,
      Prisma.sql`
      UPDATE ondc_calls c
         SET ack_status = ${nack ? 'NACK' : 'ACK'}, attempts = c.attempts + 1, answered_at = now(),
             error_code = ${nack ? (answer.code?.slice(0, ERROR_CODE_LENGTH) ?? null) : null}::text,
             error_message = ${nack ? (answer.message?.slice(0, ERROR_MESSAGE_LENGTH) ?? null) : null}::text
       WHERE c.id = ${id} AND c.direction = 'outbound' AND c.ack_status IS NULL
      RETURNING (c.due_by IS NOT NULL AND now() > c.due_by) AS late,
                (SELECT extract(epoch FROM now() - r.created_at)::float8 FROM ondc_calls r WHERE r.id = c.reply_to_id)
                  AS seconds`,
    );
    return row ? { late: row.late, secondsSinceRequest: row.seconds } : null;
  }
}
