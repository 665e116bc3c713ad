import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { drain, PeriodicTask } from '../pipeline/periodic-task.js';
import { providerErrorText } from '../orders/razorpay-sdk.js';
import { RazorpayRouteGateway } from './razorpay-route.gateway.js';
import { PayoutsRepository } from './payouts.repository.js';

/** Payouts moved per statement. */
const BATCH = 500;
/** Released payouts asked about per pass (each is a call to Razorpay). */
const SETTLEMENT_CHECKS = 200;

/** What one pass did. */
export interface PayoutSweepPass {
  resumed: number;
  due: number;
  settled: number;
}

/**
 * The payouts' clock (docs/payouts.md): every PAYOUT_SWEEP_MS (a minute), moves the waiting payouts of sellers whose Route account is now
 * activated, makes due the payouts whose order was delivered longer ago than the settle-after period (each with its
 * `payout.due` event, in the same statement), and asks Razorpay which released transfers have settled to the seller's
 * bank, recording the settlement's UTR. Every replica sweeps; the statements skip each other's rows.
 */
@Injectable()
export class PayoutSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PayoutSweep.name);
  private readonly task: PeriodicTask<PayoutSweepPass>;

  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly route: RazorpayRouteGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.task = new PeriodicTask({
      everyMs: config.PAYOUT_SWEEP_MS,
      atStart: true,
      pass: () => this.sweepOnce(),
      report: (pass) => {
        if (pass.resumed + pass.due + pass.settled > 0) this.logger.log({ msg: 'payout sweep', ...pass });
      },
      logger: this.logger,
      failure: 'payout sweep failed; the next one tries again',
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.PAYOUT_SWEEP_MS > 0) this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  async sweepOnce(): Promise<PayoutSweepPass> {
    const resumed = await drain((limit) => this.payouts.resumeWaiting(limit), BATCH);
    const due = await drain((limit) => this.payouts.markDue(limit), BATCH);
    let settled = 0;
    for (const payout of await this.payouts.released(SETTLEMENT_CHECKS)) {
      try {
        const transfer = await this.route.transfer(payout.razorpayTransferId!);
        const settlement = transfer.recipientSettlementId
          ? await this.route.settlement(transfer.recipientSettlementId)
          : null;
        if (settlement?.status !== 'processed') {
          await this.payouts.checked(payout.id);
          continue;
        }
        await this.payouts.recordSettled(payout.id, settlement.id, settlement.utr);
        settled += 1;
      } catch (error) {
        await this.payouts.checked(payout.id);
        this.logger.warn({
          msg: 'could not read a transfer’s settlement',
          payoutId: payout.id,
          err: providerErrorText(error),
        });
      }
    }
    return { resumed, due, settled };
  }
}
