import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { PrismaService, type Transaction } from '@mandi/database';
import {
  MANDI_CANCEL_REASON,
  ONDC_CANCELLED_BY,
  progressKey,
  progressStepsReached,
  sellerCancelKey,
  type OndcCallback,
  type OndcFulfillmentState,
} from '@mandi/domain';
import { LedgerBookService } from '../../ledger/ledger-book.service.js';
import { HandlesJob, JobHandler, type JobContext } from '../../pipeline/job.handler.js';

/** How long one run waits for the buyer app to answer a step before the next is sent (a callback takes milliseconds). */
const ONDC_STEP_ANSWER_WAIT_MS = 15_000;
/** How often it looks. */
const ANSWER_POLL_MS = 50;
import { callbackContext, contextOf, sellerNodeOf, type BecknContext } from '../callbacks/callback-context.js';
import { recordCallback } from '../callbacks/callback-record.repository.js';
import { OndcCatalogReader } from '../catalog/catalog.reader.js';
import { NetworkOrdersRepository, type NetworkOrderRow } from './network-orders.repository.js';
import { placedOrder } from './order-documents.js';
import { placedOrderView } from './placed-order-view.js';

/**
 * `ondc.order_progress` (order and shipment events): tells a network order's buyer app each step it took, by an
 * unsolicited on_status per fulfilment step (Pending, Packed, Order-picked-up, Out-for-delivery, Order-delivered),
 * each once (its unsolicited_key) and in order (each sent after the buyer app answered the one before), every step
 * before the latest too when several happened at once; and
 * Mandi's own cancellation (an admin's, or the 8-hour deadline's) by an unsolicited on_cancel with its seller reason
 * code. A cancelled prepaid order's settlement with the buyer app is booked in the ledger in the same transaction.
 * Any other order is not the network's: nothing.
 */
@Injectable()
@HandlesJob('ondc.order_progress')
export class OndcOrderProgressHandler extends JobHandler<{ orderId: number }> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly orders: NetworkOrdersRepository,
    private readonly catalog: OndcCatalogReader,
    private readonly ledger: LedgerBookService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async handle({ orderId }: { orderId: number }, { finish }: JobContext): Promise<void> {
    const node = sellerNodeOf(this.config);
    const first = node ? await this.orders.networkOrder(orderId) : null;
    if (!node || !first) {
      await finish();
      return;
    }
    const productId = first.lines.find((line) => line.productId !== null)?.productId ?? null;
    const seller = productId === null ? null : ((await this.catalog.product(productId)).sellers[0] ?? null);
    if (!seller) throw new Error(`the provider of network order ${orderId} is no longer in the catalogue`);
    const due: { action: OndcCallback; key: string; step?: OndcFulfillmentState }[] = [
      ...progressStepsReached({ status: first.status, shipment: first.shipment_status }).map((step) => ({
        action: 'on_status' as const,
        key: progressKey(orderId, step),
        step,
      })),
      ...(first.status === 'cancelled' && first.cancelled_by !== ONDC_CANCELLED_BY.buyerApp
        ? [{ action: 'on_cancel' as const, key: sellerCancelKey(orderId) }]
        : []),
    ];
    // Each callback is recorded (once, by its key) in a transaction of its own, and the next one only once the buyer
    // app has answered it: sent one after the other, they reach it in order, as ONDC's flows require.
    for (const [index, callback] of due.entries()) {
      await this.prisma.$transaction(async (tx) => {
        const order = (await this.orders.networkOrder(orderId, tx))!;
        if (callback.action === 'on_cancel' && order.cancelled_by === null) {
          await this.orders.markSellerCancelled(tx, orderId, MANDI_CANCEL_REASON);
          order.cancelled_by = ONDC_CANCELLED_BY.sellerNode;
          order.cancel_reason_code = MANDI_CANCEL_REASON;
        }
        const view = await placedOrderView(this.orders, this.config, tx, order, seller, node.id);
        const now = new Date();
        const context = callbackContext(contextOf(order.confirm_body), callback.action, node, now, {
          messageId: randomUUID(),
        });
        await this.record(tx, order, callback.action, callback.key, context, placedOrder(view, now, callback));
      });
      if (index < due.length - 1) await this.answered(callback.key);
    }
    await finish(async (tx) => {
      if (first.status === 'cancelled') await this.ledger.bookOrder(tx, orderId);
    });
  }

  /** Waits for the buyer app's answer to the callback of `key`; a run that waits in vain fails and is retried. */
  private async answered(key: string): Promise<void> {
    const deadline = Date.now() + ONDC_STEP_ANSWER_WAIT_MS;
    while (!(await this.orders.callbackAnswered(key))) {
      if (Date.now() > deadline)
        throw new Error(`the buyer app has not answered ${key} yet; the steps after it wait for a retry`);
      await new Promise((resolve) => setTimeout(resolve, ANSWER_POLL_MS));
    }
  }

  private async record(
    tx: Transaction,
    order: NetworkOrderRow,
    action: OndcCallback,
    key: string,
    context: BecknContext,
    ondcOrder: object,
  ): Promise<void> {
    await recordCallback(tx, {
      action,
      transactionId: order.transaction_id,
      messageId: context.message_id,
      bapId: order.bap_id,
      bapUri: order.bap_uri,
      body: { context, message: { order: ondcOrder } },
      replyToId: null,
      unsolicitedKey: key,
      orderId: order.order_id,
      dueBy: null,
    });
  }
}
