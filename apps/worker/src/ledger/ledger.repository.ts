import { Injectable } from '@nestjs/common';
import { ID_ROW, Prisma, queryRows, sqlRow, type Transaction } from '@mandi/database';
import type { LedgerKind, LedgerLine } from '@mandi/domain';
import { bookLedgerTransaction, type LedgerTransactionDraft } from '@mandi/events';

/** A seller's gross amount of a year before a sale added to it. */
const YEAR_GROSS_ROW = sqlRow('year gross', { before: 'int' });

/** A booked transaction, as a reversal reads it back. */
export interface BookedTransaction {
  id: number;
  kind: LedgerKind;
  sourceKey: string;
  sellerId: number | null;
  invoiceId: number | null;
  tdsBasePaise: number;
  lines: LedgerLine[];
}

/**
 * The ledger's tables (docs/ledger.md): written only by inserts, each transaction with its entries in one statement,
 * never twice for one source key. The database refuses changes and checks every transaction balances at commit.
 */
@Injectable()
export class LedgerRepository {
  /** Writes `draft` unless its source key is booked already (bookLedgerTransaction); answers its id, or null. */
  book(tx: Transaction, draft: LedgerTransactionDraft): Promise<number | null> {
    return bookLedgerTransaction(tx, draft);
  }

  /** Locks order `orderId` until the transaction ends, so two bookings of it run one after the other; false: no such order. */
  async lockOrder(tx: Transaction, orderId: number): Promise<boolean> {
    const rows = await queryRows(tx, ID_ROW, Prisma.sql`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`);
    return rows.length > 0;
  }

  /** The source keys already booked for an order. */
  async bookedKeys(tx: Transaction, orderId: number): Promise<Set<string>> {
    const rows = await tx.ledgerTransaction.findMany({ where: { orderId }, select: { sourceKey: true } });
    return new Set(rows.map((row) => row.sourceKey));
  }

  /** The sale transactions of an invoice, with their entries. */
  async salesOfInvoice(tx: Transaction, invoiceId: number): Promise<BookedTransaction[]> {
    const rows = await tx.ledgerTransaction.findMany({
      where: { invoiceId, kind: 'sale' },
      select: {
        id: true,
        kind: true,
        sourceKey: true,
        sellerId: true,
        invoiceId: true,
        tdsBasePaise: true,
        entries: { select: { account: true, sellerId: true, amountPaise: true }, orderBy: { id: 'asc' } },
      },
      orderBy: { id: 'asc' },
    });
    return rows.map(({ entries, ...row }) => ({ ...row, lines: entries }));
  }

  /**
   * Adds `grossPaise` (negative for a reversal) to the seller's gross amount of the financial year and answers what it
   * was before. The upsert locks the seller's row until the transaction ends, so two sales of one seller (in different
   * orders) count one after the other and the income-tax threshold sees each once.
   */
  async addYearGross(tx: Transaction, sellerId: number, financialYear: number, grossPaise: number): Promise<number> {
    const [row] = await queryRows(
      tx,
      YEAR_GROSS_ROW,
      Prisma.sql`
      INSERT INTO seller_tax_years AS y (seller_id, financial_year, gross_paise)
      VALUES (${sellerId}, ${financialYear}, ${grossPaise})
      ON CONFLICT (seller_id, financial_year) DO UPDATE SET gross_paise = y.gross_paise + excluded.gross_paise
      RETURNING y.gross_paise - ${grossPaise} AS before`,
    );
    return row!.before;
  }
}
