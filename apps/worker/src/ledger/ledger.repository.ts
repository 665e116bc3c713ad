import { Injectable } from '@nestjs/common';
import { executeStatement, ID_ROW, Prisma, queryRows, type Transaction } from '@mandi/database';
import type { LedgerKind, LedgerLine } from '@mandi/domain';
import { bookLedgerTransaction, type LedgerTransactionDraft } from '@mandi/events';

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
   * Holds the seller's ledger until the transaction ends, so two sales of one seller (in different orders) read and
   * add to their year's gross one after the other: the income-tax threshold counts each sale once.
   */
  async lockSeller(tx: Transaction, sellerId: number): Promise<void> {
    await executeStatement(tx, Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('ledger-seller'), ${sellerId})`);
  }

  /** The gross amount (s. 194-O) booked for a seller in a financial year, net of reversals. */
  async yearGross(tx: Transaction, sellerId: number, financialYear: number): Promise<number> {
    const { _sum } = await tx.ledgerTransaction.aggregate({
      where: { sellerId, financialYear, kind: { in: ['sale', 'sale_reversal'] } },
      _sum: { tdsBasePaise: true },
    });
    return _sum.tdsBasePaise ?? 0;
  }
}
