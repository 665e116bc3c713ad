import { Injectable } from '@nestjs/common';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { LedgerBookService } from './ledger-book.service.js';

/**
 * `ledger.book`: books whatever of an order's money is not in the ledger yet (a receipt, a document's sale and its
 * payouts, a credit note's reversal, a refund), in the job's one closing transaction, so the ledger rows, the payouts,
 * their events and the job's done mark commit together.
 */
@Injectable()
@HandlesJob('ledger.book')
export class LedgerBookHandler extends JobHandler<{ orderId: number }> {
  constructor(private readonly ledger: LedgerBookService) {
    super();
  }

  async handle({ orderId }: { orderId: number }, { finish }: JobContext): Promise<void> {
    await finish((tx) => this.ledger.bookOrder(tx, orderId));
  }
}
