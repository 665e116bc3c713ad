import { Injectable } from '@nestjs/common';
import { ADMIN_ONDC_LIMITS, type AdminOndcPaymentType } from '@mandi/contracts';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';

/** A network order as the console lists it: its `ondc_orders` row with the Mandi order's status and total. */
const ORDER_ROW = sqlRow('admin ondc order', {
  order_id: 'int',
  transaction_id: 'text',
  ondc_order_id: 'text',
  bap_id: 'text',
  bap_uri: 'text',
  status: 'order_status',
  payment_type: narrowed<AdminOndcPaymentType>('text'),
  collected_by: narrowed<'BAP' | 'BPP'>('text'),
  total_paise: 'int',
  finder_fee_type: 'text',
  finder_fee_value: 'text',
  finder_fee_paise: 'int',
  cancel_reason_code: 'text | null',
  cancelled_by: narrowed<'buyer_app' | 'seller_node' | null>('text'),
  created_at: 'timestamptz',
});
/** A row of {@link ORDER_ROW}. */
export type AdminOndcOrderRow = RowOf<typeof ORDER_ROW>;

/** A call as the console lists it, without its body; ids as text (the table's key is a bigint). */
const CALL_ROW = sqlRow('admin ondc call', {
  id: 'text',
  direction: narrowed<'inbound' | 'outbound'>('text'),
  action: 'text',
  transaction_id: 'text',
  message_id: 'text',
  bap_id: 'text',
  ack_status: narrowed<'ACK' | 'NACK' | null>('text'),
  error_code: 'text | null',
  error_message: 'text | null',
  attempts: 'int',
  late: 'bool',
  due_by: 'timestamptz | null',
  answered_at: 'timestamptz | null',
  created_at: 'timestamptz',
  order_id: 'int | null',
  reply_to_id: 'text | null',
});
/** A row of {@link CALL_ROW}. */
export type AdminOndcCallRow = RowOf<typeof CALL_ROW>;

/** A call with what it carried (its body only up to ADMIN_ONDC_LIMITS.bodyShownBytes) and its callback. */
const CALL_DETAIL_ROW = sqlRow('admin ondc call detail', {
  ...CALL_ROW.columns,
  bap_uri: 'text',
  unsolicited_key: 'text | null',
  callback_id: 'text | null',
  body_bytes: 'int',
  body: 'json | null',
  context: 'json | null',
});
/** A row of {@link CALL_DETAIL_ROW}. */
export type AdminOndcCallDetailRow = RowOf<typeof CALL_DETAIL_ROW>;

/** A call's body as JSON text, and its action for the file's name. */
const CALL_BODY_ROW = sqlRow('admin ondc call body', { action: 'text', body: 'text' });
/** A row of {@link CALL_BODY_ROW}. */
export type AdminOndcCallBodyRow = RowOf<typeof CALL_BODY_ROW>;

const COUNT_ROW = sqlRow('admin ondc count', { total: 'int' });

/** The last 24 hours of the network's calls, counted. */
const SUMMARY_ROW = sqlRow('admin ondc summary', {
  at: 'timestamptz',
  since: 'timestamptz',
  calls: 'int',
  nacks: 'int',
  late: 'int',
  awaiting: 'int',
});
/** A row of {@link SUMMARY_ROW}. */
export type AdminOndcSummaryRow = RowOf<typeof SUMMARY_ROW>;

/** The network orders a list shows: one buyer app's, one transaction's, or all. */
export interface OndcOrderFilter {
  bapId: string | null;
  transactionId: string | null;
}

/** The calls a list shows; null is any. */
export interface OndcCallFilter {
  transactionId: string | null;
  action: string | null;
  direction: 'inbound' | 'outbound' | null;
  ack: 'ACK' | 'NACK' | 'pending' | null;
  bapId: string | null;
  late: boolean | null;
}

/** A callback acknowledged after its request's ttl ran out. */
const LATE = Prisma.sql`(c.answered_at IS NOT NULL AND c.due_by IS NOT NULL AND c.answered_at > c.due_by)`;

/** The columns of {@link CALL_ROW} over `ondc_calls c`. */
const callColumns = Prisma.sql`
  c.id::text AS id, c.direction::text AS direction, c.action, c.transaction_id, c.message_id, c.bap_id,
  c.ack_status, c.error_code, c.error_message, c.attempts, ${LATE} AS late, c.due_by, c.answered_at, c.created_at,
  c.order_id, c.reply_to_id::text AS reply_to_id`;

const orderWhere = ({ bapId, transactionId }: OndcOrderFilter) => Prisma.sql`WHERE TRUE
  ${bapId !== null ? Prisma.sql`AND n.bap_id = ${bapId}` : Prisma.empty}
  ${transactionId !== null ? Prisma.sql`AND n.transaction_id = ${transactionId}` : Prisma.empty}`;

function callWhere(filter: OndcCallFilter): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (filter.transactionId !== null) conditions.push(Prisma.sql`c.transaction_id = ${filter.transactionId}`);
  if (filter.action !== null) conditions.push(Prisma.sql`c.action = ${filter.action}`);
  if (filter.direction !== null) conditions.push(Prisma.sql`c.direction = ${filter.direction}::ondc_direction`);
  if (filter.ack === 'pending') conditions.push(Prisma.sql`c.ack_status IS NULL`);
  else if (filter.ack !== null) conditions.push(Prisma.sql`c.ack_status = ${filter.ack}`);
  if (filter.bapId !== null) conditions.push(Prisma.sql`c.bap_id = ${filter.bapId}`);
  if (filter.late !== null) conditions.push(filter.late ? LATE : Prisma.sql`NOT ${LATE}`);
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

/** The columns of {@link ORDER_ROW} over `ondc_orders n`. */
const orderRows = Prisma.sql`
  SELECT n.order_id, n.transaction_id, n.ondc_order_id, n.bap_id, n.bap_uri, o.status, n.payment_type,
         n.collected_by, o.total_paise, n.finder_fee_type, n.finder_fee_value, n.finder_fee_paise,
         n.cancel_reason_code, n.cancelled_by, n.created_at
    FROM ondc_orders n JOIN orders o ON o.id = n.order_id`;

/**
 * The network in the console (docs/ondc.md, "The console"): reads only. Lists are newest first by the tables'
 * (created_at DESC, key DESC) indexes; a transaction's calls by its (transaction_id, created_at) index.
 */
@Injectable()
export class AdminOndcRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A page of the network orders `filter` names, newest first. */
  orders(filter: OndcOrderFilter, offset: number): Promise<AdminOndcOrderRow[]> {
    return queryRows(
      this.prisma,
      ORDER_ROW,
      Prisma.sql`${orderRows} ${orderWhere(filter)}
       ORDER BY n.created_at DESC, n.order_id DESC LIMIT ${ADMIN_ONDC_LIMITS.page} OFFSET ${offset}`,
    );
  }

  /** How many network orders `filter` names. */
  async orderCount(filter: OndcOrderFilter): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      COUNT_ROW,
      Prisma.sql`SELECT count(*)::int AS total FROM ondc_orders n ${orderWhere(filter)}`,
    );
    return row!.total;
  }

  /** Network order `orderId` (the Mandi order's id), or null when that order did not come from the network. */
  async order(orderId: number): Promise<AdminOndcOrderRow | null> {
    const [row] = await queryRows(this.prisma, ORDER_ROW, Prisma.sql`${orderRows} WHERE n.order_id = ${orderId}`);
    return row ?? null;
  }

  /** The first calls of transaction `transactionId`, oldest first (the id breaking ties: the order they were made). */
  transactionCalls(transactionId: string): Promise<AdminOndcCallRow[]> {
    return queryRows(
      this.prisma,
      CALL_ROW,
      Prisma.sql`SELECT ${callColumns} FROM ondc_calls c WHERE c.transaction_id = ${transactionId}
       ORDER BY c.created_at, c.id LIMIT ${ADMIN_ONDC_LIMITS.orderCalls}`,
    );
  }

  /** How many calls transaction `transactionId` has. */
  async transactionCallCount(transactionId: string): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      COUNT_ROW,
      Prisma.sql`SELECT count(*)::int AS total FROM ondc_calls c WHERE c.transaction_id = ${transactionId}`,
    );
    return row!.total;
  }

  /** A page of the calls `filter` names, newest first. */
  calls(filter: OndcCallFilter, offset: number): Promise<AdminOndcCallRow[]> {
    return queryRows(
      this.prisma,
      CALL_ROW,
      Prisma.sql`SELECT ${callColumns} FROM ondc_calls c ${callWhere(filter)}
       ORDER BY c.created_at DESC, c.id DESC LIMIT ${ADMIN_ONDC_LIMITS.page} OFFSET ${offset}`,
    );
  }

  /**
   * How many calls `filter` names, counted up to one more than ADMIN_ONDC_LIMITS.callsCounted: the table holds every
   * search the network broadcasts, and a count of all of it would read all of it.
   */
  async callCount(filter: OndcCallFilter): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      COUNT_ROW,
      Prisma.sql`SELECT count(*)::int AS total
        FROM (SELECT 1 FROM ondc_calls c ${callWhere(filter)} LIMIT ${ADMIN_ONDC_LIMITS.callsCounted + 1}) AS matched`,
    );
    return row!.total;
  }

  /**
   * Call `id` with the callback answering it, its body's size and context, and the body itself when it is no larger
   * than ADMIN_ONDC_LIMITS.bodyShownBytes; or null.
   */
  async call(id: string): Promise<AdminOndcCallDetailRow | null> {
    const [row] = await queryRows(
      this.prisma,
      CALL_DETAIL_ROW,
      Prisma.sql`SELECT ${callColumns}, c.bap_uri, c.unsolicited_key, r.id::text AS callback_id, size.bytes AS body_bytes,
             CASE WHEN size.bytes <= ${ADMIN_ONDC_LIMITS.bodyShownBytes} THEN c.body END AS body,
             c.body -> 'context' AS context
        FROM ondc_calls c
        CROSS JOIN LATERAL (SELECT octet_length(c.body::text) AS bytes) AS size
        LEFT JOIN ondc_calls r ON r.reply_to_id = c.id
       WHERE c.id = ${id}::bigint`,
    );
    return row ?? null;
  }

  /** Call `id`'s whole body as JSON text, or null. */
  async callBody(id: string): Promise<AdminOndcCallBodyRow | null> {
    const [row] = await queryRows(
      this.prisma,
      CALL_BODY_ROW,
      Prisma.sql`SELECT c.action, c.body::text AS body FROM ondc_calls c WHERE c.id = ${id}::bigint`,
    );
    return row ?? null;
  }

  /**
   * The calls of the last 24 hours (by the created_at index), the NACKs either way among them, the callbacks
   * acknowledged late and those no buyer app has acknowledged yet.
   */
  async summary(): Promise<AdminOndcSummaryRow> {
    const [row] = await queryRows(
      this.prisma,
      SUMMARY_ROW,
      Prisma.sql`
      WITH span AS (SELECT now() AS at, now() - interval '24 hours' AS since)
      SELECT span.at, span.since, count(c.id)::int AS calls,
             count(c.id) FILTER (WHERE c.ack_status = 'NACK')::int AS nacks,
             count(c.id) FILTER (WHERE ${LATE})::int AS late,
             count(c.id) FILTER (WHERE c.direction = 'outbound' AND c.ack_status IS NULL)::int AS awaiting
        FROM span LEFT JOIN ondc_calls c ON c.created_at >= span.since
       GROUP BY span.at, span.since`,
    );
    return row!;
  }
}
