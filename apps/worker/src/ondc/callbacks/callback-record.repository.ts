import { Prisma, queryRows, sqlRow, type Db } from '@mandi/database';
import type { OndcAction, OndcCallback } from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';

/** A call a buyer app made on Mandi, as the API verified and recorded it (ondc_calls, direction inbound). */
export interface InboundCall {
  id: bigint;
  action: OndcAction;
  transactionId: string;
  messageId: string;
  bapId: string;
  bapUri: string;
  /** The request's body as received: `{ context, message }`, already checked by the API. */
  body: unknown;
  /** When the request's ttl runs out. */
  dueBy: Date | null;
  orderId: number | null;
}

/** A callback to record, to be sent signed by the job `ondc.send_callback` (docs/ondc.md, "The pipeline"). */
export interface CallbackRecord {
  action: OndcCallback;
  transactionId: string;
  messageId: string;
  bapId: string;
  bapUri: string;
  /** The whole body `{ context, message }` or `{ context, error }`, exactly as it will be signed and sent. */
  body: object;
  /** The inbound call it answers; null for an unsolicited callback. */
  replyToId: bigint | null;
  /** An unsolicited callback's reason, unique (e.g. `order:12:status:Packed`); null for an answer. */
  unsolicitedKey: string | null;
  orderId: number | null;
  dueBy: Date | null;
}

const RECORDED_ROW = sqlRow('ondc callback recorded', { id: 'bigint' });

/**
 * Records a callback and its `ondc.callback_ready` event in one statement; when the same answer (same request) or the
 * same unsolicited callback (same key) is recorded already, writes nothing and answers null. Run it inside the job's
 * `finish` transaction, beside the writes the callback reports, so they commit together.
 */
export async function recordCallback(db: Db, callback: CallbackRecord): Promise<bigint | null> {
  const [row] = await queryRows(
    db,
    RECORDED_ROW,
    Prisma.sql`
    WITH recorded AS (
      INSERT INTO ondc_calls (direction, action, transaction_id, message_id, bap_id, bap_uri, body, reply_to_id,
                              unsolicited_key, order_id, due_by)
      VALUES ('outbound', ${callback.action}, ${callback.transactionId}, ${callback.messageId}, ${callback.bapId},
              ${callback.bapUri}, ${JSON.stringify(callback.body)}::jsonb, ${callback.replyToId}::bigint,
              ${callback.unsolicitedKey}::text, ${callback.orderId}::int, ${callback.dueBy}::timestamptz)
      ON CONFLICT DO NOTHING
      RETURNING id
    ), event AS (${outboxInsertSql({ type: 'ondc.callback_ready', from: 'recorded', ids: { callId: 'id' } })})
    SELECT id FROM recorded`,
  );
  return row?.id ?? null;
}
