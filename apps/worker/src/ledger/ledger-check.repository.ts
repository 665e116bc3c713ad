import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';

/** One break of the ledger's invariants: which rule, and the row that breaks it. */
const LEDGER_BREAK_ROW = sqlRow('ledger break', { rule: 'text', subject: 'text', detail: 'text' });
export type LedgerBreak = RowOf<typeof LEDGER_BREAK_ROW>;

/**
 * The ledger's invariants as one query (docs/ledger.md, "What always holds"); an empty answer is a ledger that
 * accounts for every paisa. `graceSeconds` leaves the worker time to book what just happened.
 */
@Injectable()
export class LedgerCheckRepository {
  constructor(private readonly prisma: PrismaService) {}

  breaks(graceSeconds: number, limit = 100): Promise<LedgerBreak[]> {
    const settled = Prisma.sql`now() - make_interval(secs => ${graceSeconds})`;
    return queryRows(
      this.prisma,
      LEDGER_BREAK_ROW,
      Prisma.sql`
      WITH unbalanced AS (
        SELECT 'transaction_unbalanced' AS rule, t.id::text AS subject,
               coalesce(sum(e.amount_paise), 0)::text || ' paise over ' || count(e.id) || ' entries' AS detail
          FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
         GROUP BY t.id HAVING coalesce(sum(e.amount_paise), 0) <> 0 OR count(e.id) = 0
      ), document_sales AS (
        SELECT t.invoice_id, -sum(e.amount_paise) FILTER (WHERE e.account = 'buyer_funds') AS taken
          FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         WHERE t.kind = 'sale' AND t.invoice_id IS NOT NULL
         GROUP BY t.invoice_id
      ), unbooked_documents AS (
        SELECT 'document_not_booked' AS rule, i.id::text AS subject,
               'invoice total ' || i.total_paise || ', sales take ' || coalesce(-s.taken, 0) AS detail
          FROM invoices i LEFT JOIN document_sales s ON s.invoice_id = i.id
         WHERE coalesce(-s.taken, 0) <> i.total_paise AND i.issued_at < ${settled}
      ), order_funds AS (
        SELECT t.order_id, sum(e.amount_paise) AS held
          FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         WHERE e.account = 'buyer_funds' AND t.order_id IS NOT NULL
         GROUP BY t.order_id
      ), funds_left AS (
        -- A finished order holds none of its buyer's money: delivered (all of it sold), or cancelled and refunded.
        SELECT 'buyer_funds_left' AS rule, o.id::text AS subject, 'order holds ' || (-f.held) || ' paise' AS detail
          FROM orders o JOIN order_funds f ON f.order_id = o.id
         WHERE f.held <> 0 AND o.updated_at < ${settled}
           AND (o.status = 'delivered'
                OR (o.status = 'cancelled' AND o.payment_method = 'online'
                    AND NOT EXISTS (SELECT 1 FROM refunds r JOIN payments p ON p.id = r.payment_id
                                     WHERE p.order_id = o.id AND r.status <> 'processed')))
      ), payout_amounts AS (
        SELECT 'payout_differs_from_sale' AS rule, p.id::text AS subject,
               'payout ' || p.amount_paise || ', sale owes ' || coalesce(-e.amount_paise, 0) AS detail
          FROM seller_payouts p
          LEFT JOIN ledger_entries e ON e.transaction_id = p.sale_transaction_id AND e.account = 'seller_payable'
         WHERE coalesce(-e.amount_paise, 0) <> p.amount_paise
      ), transfers_unbooked AS (
        -- Money that left for a seller is booked as paid out, once; money that came back, as reversed.
        SELECT 'transfer_not_booked' AS rule, p.id::text AS subject,
               'transferred ' || (p.amount_paise - p.reversed_paise) || ', ledger paid ' || coalesce(sum(e.amount_paise), 0)
                 AS detail
          FROM seller_payouts p
          LEFT JOIN ledger_transactions t ON t.payout_id = p.id
          LEFT JOIN ledger_entries e ON e.transaction_id = t.id AND e.account = 'seller_payable'
         WHERE p.updated_at < ${settled}
         GROUP BY p.id
        HAVING coalesce(sum(e.amount_paise), 0)
               <> CASE WHEN p.status IN ('on_hold', 'to_release', 'released', 'settled', 'to_reverse', 'reversed')
                       THEN p.amount_paise - p.reversed_paise ELSE 0 END
      )
      SELECT rule, subject, detail FROM unbalanced
      UNION ALL SELECT rule, subject, detail FROM unbooked_documents
      UNION ALL SELECT rule, subject, detail FROM funds_left
      UNION ALL SELECT rule, subject, detail FROM payout_amounts
      UNION ALL SELECT rule, subject, detail FROM transfers_unbooked
      ORDER BY rule, subject
      LIMIT ${limit}`,
    );
  }
}
