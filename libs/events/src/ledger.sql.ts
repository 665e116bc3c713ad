import { ID_ROW, Prisma, queryRows, type Db } from '@mandi/database';
import type { LedgerKind, LedgerLine } from '@mandi/domain';

/** A ledger transaction to write (docs/ledger.md): what it records (its unique source key) and its entries. */
export interface LedgerTransactionDraft {
  kind: LedgerKind;
  /** Unique: booking the same thing twice books it once ('invoice:<id>:seller-<uid>', 'payout:<id>:<transfer>', ...). */
  sourceKey: string;
  orderId: number | null;
  sellerId: number | null;
  invoiceId?: number | null;
  creditNoteId?: number | null;
  payoutId?: number | null;
  tdsBasePaise?: number;
  /** Starting year of the financial year it falls in. */
  financialYear: number;
  reason?: string | null;
  createdBy?: number | null;
  lines: readonly LedgerLine[];
}

/**
 * The one SQL that writes the ledger: a transaction and its entries in one statement, unless its source key is booked
 * already. Answers the new transaction's id, or null when it was booked before. The database refuses changes to the
 * ledger and checks every transaction balances when the surrounding transaction commits.
 */
export async function bookLedgerTransaction(db: Db, draft: LedgerTransactionDraft): Promise<number | null> {
  const lines = draft.lines.filter((line) => line.amountPaise !== 0);
  const rows = await queryRows(
    db,
    ID_ROW,
    Prisma.sql`
    WITH booked AS (
      INSERT INTO ledger_transactions (kind, source_key, order_id, seller_id, invoice_id, credit_note_id, payout_id,
                                       tds_base_paise, financial_year, reason, created_by)
      VALUES (${draft.kind}::ledger_kind, ${draft.sourceKey}, ${draft.orderId}, ${draft.sellerId},
              ${draft.invoiceId ?? null}, ${draft.creditNoteId ?? null}, ${draft.payoutId ?? null},
              ${draft.tdsBasePaise ?? 0}, ${draft.financialYear}, ${draft.reason ?? null}, ${draft.createdBy ?? null})
      ON CONFLICT (source_key) DO NOTHING
      RETURNING id
    ), entries AS (
      INSERT INTO ledger_entries (transaction_id, account, seller_id, amount_paise)
      SELECT booked.id, line.account::ledger_account, line.seller_id, line.amount_paise
        FROM booked,
             unnest(${lines.map((line) => line.account)}::text[], ${lines.map((line) => line.sellerId)}::int[],
                    ${lines.map((line) => line.amountPaise)}::int[]) AS line(account, seller_id, amount_paise)
      RETURNING 1
    )
    SELECT id FROM booked, (SELECT count(*) FROM entries) AS written`,
  );
  return rows[0]?.id ?? null;
}
