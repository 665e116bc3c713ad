import { Injectable, Logger } from '@nestjs/common';
import type { PayoutStatus } from '@mandi/domain';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { providerErrorText, RAZORPAY_TIMEOUT_MS } from '../orders/razorpay-sdk.js';
import { PrismaService } from '@mandi/database';
import { RazorpayRouteGateway, type RouteTransfer } from './razorpay-route.gateway.js';
import { PayoutsRepository, type LeasedPayout } from './payouts.repository.js';

/** How long a run holds a payout while it asks Razorpay: longer than its calls can take, short enough for a dead run. */
export const PAYOUT_LEASE_MS = 2 * RAZORPAY_TIMEOUT_MS + 5_000;

type Payload = { payoutId: number; orderId: number };

/**
 * What the three payout jobs share (docs/payouts.md, "Exactly once"): take the lease on the payout while it is in the
 * state the job is for (none: done already, or another run holds it and this one retries later), ask Razorpay with no
 * transaction open, first whether an earlier run already did it, then record the answer by a conditional update. A
 * failed call is recorded on the payout and fails the attempt, so the pipeline retries with backoff.
 */
@Injectable()
abstract class PayoutJob extends JobHandler<Payload> {
  protected abstract readonly from: readonly PayoutStatus[];
  protected readonly logger = new Logger(this.constructor.name);

  constructor(
    protected readonly payouts: PayoutsRepository,
    protected readonly route: RazorpayRouteGateway,
    protected readonly prisma: PrismaService,
  ) {
    super();
  }

  protected abstract act(payout: LeasedPayout): Promise<void>;

  async handle({ payoutId }: Payload): Promise<void> {
    const payout = await this.payouts.lease(payoutId, this.from, PAYOUT_LEASE_MS);
    if (!payout) {
      if (await this.payouts.isIn(payoutId, this.from))
        throw new Error(`payout ${payoutId} is being worked on by another run; looking again later`);
      return;
    }
    try {
      await this.act(payout);
    } catch (error) {
      await this.payouts.recordAttempt(payoutId, providerErrorText(error));
      throw error;
    }
  }

  /** A transfer Razorpay reports failed: the payout failed and its money booked back, in one transaction. */
  protected async failed(transfer: RouteTransfer): Promise<void> {
    await this.prisma.$transaction((tx) => this.payouts.recordFailure(tx, transfer.id, 'Razorpay failed the transfer'));
  }
}

/** `payout.transfer`: an online payment's share goes to the seller's linked account, on hold. */
@Injectable()
@HandlesJob('payout.transfer')
export class PayoutTransferHandler extends PayoutJob {
  protected readonly from = ['to_transfer'] as const;

  protected async act(payout: LeasedPayout): Promise<void> {
    if (!payout.account || !payout.providerPaymentId)
      throw new Error(`payout ${payout.id} has no activated account or payment to transfer from`);
    const transfer =
      (await this.route.transferOfPayment(payout.providerPaymentId, payout.id)) ??
      (await this.route.transferFromPayment(payout.providerPaymentId, payout.account, payout.amountPaise, payout.id));
    const status = await this.prisma.$transaction((tx) => this.payouts.recordTransfer(tx, payout.id, transfer.id));
    if (transfer.status === 'failed') return this.failed(transfer);
    this.logger.log({ msg: 'payout transferred on hold', payoutId: payout.id, transferId: transfer.id, status });
  }
}

/** `payout.release`: a due payout's hold is released, or a cash-on-delivery share transferred directly. */
@Injectable()
@HandlesJob('payout.release')
export class PayoutReleaseHandler extends PayoutJob {
  protected readonly from = ['to_release'] as const;

  protected async act(payout: LeasedPayout): Promise<void> {
    if (payout.method === 'payment_transfer') {
      if (!payout.razorpayTransferId) throw new Error(`payout ${payout.id} is due but has no transfer`);
      const transfer = await this.route.release(payout.razorpayTransferId);
      if (transfer.status === 'failed') return this.failed(transfer);
      await this.payouts.recordRelease(payout.id);
      this.logger.log({ msg: 'payout released', payoutId: payout.id, transferId: transfer.id });
      return;
    }
    if (!payout.account) throw new Error(`payout ${payout.id} is due but the seller has no activated account`);
    const transfer =
      (await this.route.directTransferOf(payout.id, payout.createdAt)) ??
      (await this.route.directTransfer(payout.account, payout.amountPaise, payout.id));
    await this.prisma.$transaction((tx) => this.payouts.recordTransfer(tx, payout.id, transfer.id));
    this.logger.log({ msg: 'payout transferred directly', payoutId: payout.id, transferId: transfer.id });
  }
}

/** `payout.reverse`: the transfer of a reversed sale comes back from the seller's linked account. */
@Injectable()
@HandlesJob('payout.reverse')
export class PayoutReverseHandler extends PayoutJob {
  protected readonly from = ['to_reverse'] as const;

  protected async act(payout: LeasedPayout): Promise<void> {
    if (!payout.razorpayTransferId) throw new Error(`payout ${payout.id} is to be reversed but has no transfer`);
    const transfer = await this.route.transfer(payout.razorpayTransferId);
    // An earlier run's reversal that was not recorded shows as the amount already reversed.
    const left = transfer.amountPaise - transfer.amountReversedPaise;
    if (left > 0) await this.route.reverse(transfer.id, left, payout.id);
    await this.prisma.$transaction((tx) => this.payouts.recordReversal(tx, payout.id, transfer.id));
    this.logger.log({ msg: 'payout reversed', payoutId: payout.id, transferId: transfer.id, reversedPaise: left });
  }
}

/**
 * `payout.fail` (Razorpay's transfer.failed webhook, through the API): asks Razorpay about the payout's transfer and,
 * when it did fail, records the payout failed with its money booked back, in the job's finish transaction; an admin
 * retries it from the console. A transfer that did not fail (a stale or stray report) changes nothing.
 */
@Injectable()
@HandlesJob('payout.fail')
export class PayoutFailHandler extends JobHandler<Payload> {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly route: RazorpayRouteGateway,
  ) {
    super();
  }

  async handle({ payoutId }: Payload, { finish }: JobContext): Promise<void> {
    const payout = await this.payouts.payout(payoutId);
    if (!payout) return;
    // Razorpay's report can overtake the record of the transfer it is about: come back once it is recorded.
    if (!payout.razorpayTransferId) {
      if (payout.status === 'to_transfer' || payout.status === 'to_release')
        throw new Error(`payout ${payoutId}'s transfer is not recorded yet; looking again later`);
      return;
    }
    // The payout's own transfer as Razorpay has it now, whichever transfer the report named (a stale one changes nothing).
    const transfer = await this.route.transfer(payout.razorpayTransferId);
    if (transfer.status !== 'failed') return;
    await finish((tx) => this.payouts.recordFailure(tx, transfer.id, 'Razorpay failed the transfer'));
  }
}
